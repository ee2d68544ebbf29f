/* reportgen's what-if view: the report's HTML page recomputes its SLO
   verdicts, capacities, capacity ranking and verdict, throughput per GPU
   and cost at the target interactivity under settings the reader gives
   (the controls, or the page's link: #slo-ttft-ms=2000&think-s=30). The
   rules are analyze's, ported one for one (the names in the comments are
   the Go functions); render/report's tests run the same settings through
   a build and through this script in Chromium and compare every cell.
   The data (id page-data) and the words (its text) come from the report;
   nothing is fetched. docs/whatif.md describes the view. */
(function () {
  'use strict';
  var dataEl = document.getElementById('page-data');
  var root = document.getElementById('whatif');
  var status = document.getElementById('whatif-status');
  if (!dataEl || !root || !status) {
    return;
  }
  // Absent numbers are null in the data, unbounded ones "inf".
  var D = JSON.parse(dataEl.textContent, function (k, v) {
    if (v === null) {
      return NaN;
    }
    return v === 'inf' && k !== 'key' ? Infinity : v;
  });
  var W = D.text;
  var KEYS = ['slo-ttft-ms', 'slo-tps', 'percentile', 'think-s', 'tie-pct', 'interactivity', 'price', 'currency'];

  // ---- numbers in the edition's language (render/locale) ----------------

  // fixed writes x with dec decimals as Go's strconv and x/text do: the
  // exact binary value rounded, a tie to even (2.5 → 2; toFixed and
  // Intl.NumberFormat give 3).
  function fixed(x, dec) {
    var s = x.toFixed(dec);
    var e = x.toFixed(Math.min(100, dec + 60));
    var dot = e.indexOf('.');
    var kept = dec > 0 ? e.slice(0, dot + 1 + dec) : e.slice(0, dot);
    var tail = e.slice(dot + 1 + dec);
    if (/^50*$/.test(tail) && Number(kept.charAt(kept.length - 1)) % 2 === 0) {
      return kept;
    }
    return s;
  }

  // num is locale.Num: grouped digits, the language's decimal sign, an
  // en dash for no number.
  function num(x, dec) {
    if (!isFinite(x)) {
      return '–';
    }
    if (x === 0) {
      x = 0;
    }
    var s = fixed(x, dec);
    var neg = s.charAt(0) === '-';
    if (neg) {
      s = s.slice(1);
    }
    var parts = s.split('.');
    var whole = parts[0].replace(/\B(?=(\d{3})+(?!\d))/g, D.format.group);
    return (neg ? D.format.minus : '') + whole + (parts.length > 1 ? D.format.decimal + parts[1] : '');
  }

  // pct is locale.Pct.
  function pct(v, dec) {
    return isNaN(v) ? '–' : msg('percent', {N: num(v * 100, dec)});
  }

  // rise is the report's rise (render/report/ratio.go): how far a ratio
  // is from 1, a percentage below 2×, the factor from 2× on.
  function rise(ratio) {
    if (!(ratio > 0) || !isFinite(ratio)) {
      return '–';
    }
    var up = ratio >= 1;
    var r = up ? ratio : 1 / ratio;
    if (Math.round(r * 100) >= 200) {
      var h = Math.round(r * 100);
      var dec = h % 100 === 0 ? 0 : h % 10 === 0 ? 1 : 2;
      return msg('ratio_factor', {K: num(r, dec)});
    }
    return pct(up ? r - 1 : 1 - ratio / 1, 0);
  }

  // seconds is present.Seconds: the decimals a value has, at most two.
  function seconds(s) {
    for (var dec = 0; dec < 2; dec++) {
      var p = Math.pow(10, dec);
      if (Math.abs(s * p - Math.round(s * p)) < 1e-9) {
        return num(s, dec);
      }
    }
    return num(s, 2);
  }

  // limit is the view's limit: a threshold with the decimals it has.
  function limit(x) {
    for (var dec = 0; dec < 3; dec++) {
      var p = Math.pow(10, dec);
      if (Math.round(x * p) === x * p) {
        return num(x, dec);
      }
    }
    return num(x, 3);
  }

  // msg fills a message of the locale's (its placeholders {Name}) with
  // args; count picks a plural form.
  function msg(id, args, count) {
    var m = W[id];
    if (typeof m === 'object') {
      m = count === 1 ? m.one : m.other;
    }
    return m.replace(/\{([A-Za-z]+)\}/g, function (all, k) {
      return Object.prototype.hasOwnProperty.call(args || {}, k) ? args[k] : all;
    });
  }

  // list is locale.List: "a, b and c".
  function list(items) {
    if (items.length < 2) {
      return items.join('');
    }
    return items.slice(0, -1).join(', ') + ' ' + W.and + ' ' + items[items.length - 1];
  }

  // ---- the rules (analyze) ----------------------------------------------

  function known(x) {
    return typeof x === 'number' && isFinite(x);
  }

  // tie is Params.Tie.
  function tie(S, a, b) {
    if (!known(a) || !known(b)) {
      return false;
    }
    var lo = Math.min(a, b);
    var hi = Math.max(a, b);
    if (hi === lo) {
      return true;
    }
    if (lo <= 0) {
      return false;
    }
    return hi / lo < 1 + S.tie / 100;
  }

  // verdict is analyze's verdict: TTFT at most its threshold, TPS at
  // least its own, on the values the SLOs are checked on at pct.
  function verdict(l, p, S) {
    var s = l.slo[p];
    return {ttft: s[0] <= S.ttft, tps: s[1] >= S.tps, ttftStat: s[2], tpsStat: s[3]};
  }

  function passes(l, p, S) {
    var v = verdict(l, p, S);
    return v.ttft && v.tps;
  }

  function levelAt(levels, x) {
    for (var i = 0; i < levels.length; i++) {
      if (levels[i].load === x) {
        return levels[i];
      }
    }
    return null;
  }

  // usersOf and roundHalfUp are analyze's usersOf and RoundHalfUp.
  function usersOf(c, think, lat) {
    if (!(c > 0) || !isFinite(c)) {
      return 0;
    }
    if (think === 0) {
      return c;
    }
    if (!(lat > 0)) {
      return 0;
    }
    return c * (1 + think / lat);
  }

  function roundHalfUp(x) {
    var f = Math.floor(x + 0.5);
    return isNaN(f) ? 0 : f;
  }

  // capacity is analyze's capacity: the highest reached level at which it
  // and every lower one pass both SLOs, and the users it serves. users
  // is -1 when unknown; over is set where build would refuse the count
  // (past MaxUsers).
  function capacity(cfg, p, S) {
    var c = {max: 0, bound: false, conc: 0, lat: NaN, latStat: '', rps: NaN, users: 0, over: false};
    var reached = cfg.reached;
    for (var i = 0; i < reached.length; i++) {
      var l = reached[i];
      if (!passes(l, p, S)) {
        break;
      }
      c.max = l.load;
      c.bound = i === reached.length - 1;
      c.conc = l.c;
      c.rps = l.rps;
      c.lat = l.lat;
      c.latStat = '';
      if (!known(c.lat) && known(l.lat50)) {
        c.lat = l.lat50;
        c.latStat = 'p50';
      }
    }
    var u = usersOf(c.conc, S.think, c.lat);
    c.over = u > D.max_users;
    c.users = roundHalfUp(u);
    if (c.max > 0 && S.think > 0 && !(c.lat > 0)) {
      c.users = -1;
    }
    return c;
  }

  // capValue is capacityValue: users, or on a rate axis the sustained
  // throughput at R_max.
  function capValue(c) {
    if (D.axis === 'rate') {
      return c.max === 0 ? 0 : c.rps;
    }
    return c.users === -1 ? NaN : c.users;
  }

  // compareCapacity: 'win', 'loss', 'tie' or 'unknown'.
  function compareCapacity(a, b, S) {
    var va = capValue(a);
    var vb = capValue(b);
    if (!known(va) || !known(vb)) {
      return 'unknown';
    }
    var clearly = function (x, y) {
      return x > y && !tie(S, x, y);
    };
    if (a.bound && b.bound) {
      return 'unknown';
    }
    if (a.bound) {
      return clearly(va, vb) ? 'win' : 'unknown';
    }
    if (b.bound) {
      return clearly(vb, va) ? 'loss' : 'unknown';
    }
    if (tie(S, va, vb)) {
      return 'tie';
    }
    return va > vb ? 'win' : 'loss';
  }

  // headroom is analyze's Headroom; headroomAt at the capacity level.
  function headroom(l, S, p) {
    var s = l.slo[p];
    var h = (S.ttft - s[0]) / S.ttft;
    if (S.tps > 0) {
      var t = (s[1] - S.tps) / S.tps;
      if (t < h || isNaN(t)) {
        h = t;
      }
    }
    return known(h) ? h : NaN;
  }

  function headroomAt(cfg, S) {
    var cp = cfg.cap[S.pct];
    var l = levelAt(cfg.reached, cp.max);
    if (cp.max === 0 || !l) {
      return NaN;
    }
    return headroom(l, S, S.pct);
  }

  // tieAt is Params.tieAt: run-to-run spreads where a level has them,
  // else the tie threshold.
  function tieAt(key, x, y, la, lb, S) {
    var sa = la.spread && la.spread[key];
    var sb = lb.spread && lb.spread[key];
    if (sa && sb) {
      return sa[0] <= sb[1] && sb[0] <= sa[1];
    }
    if (sa) {
      return y >= sa[0] && y <= sa[1];
    }
    if (sb) {
      return x >= sb[0] && x <= sb[1];
    }
    return tie(S, x, y);
  }

  // scorePair counts a's and b's wins on every scored statistic at every
  // level both measured (their reached levels).
  function scorePair(a, b, S) {
    var ps = {a: 0, b: 0, n: 0, levels: []};
    a.reached.forEach(function (la) {
      var lb = levelAt(b.reached, la.load);
      if (!lb) {
        return;
      }
      ps.levels.push(la.load);
      D.metrics.forEach(function (m, mi) {
        D.percentiles.forEach(function (st, si) {
          var k = mi * D.percentiles.length + si;
          var x = la.score[k];
          var y = lb.score[k];
          if (isNaN(x) || isNaN(y)) {
            return;
          }
          ps.n++;
          if (tieAt(m.key + '.' + st, x, y, la, lb, S)) {
            return;
          }
          if (m.lower ? x < y : x > y) {
            ps.a++;
          } else {
            ps.b++;
          }
        });
      });
    });
    return ps;
  }

  function dominatesAll(a, b, S) {
    var ps = scorePair(a, b, S);
    return ps.n > 0 && ps.b === 0 && ps.a > 0 && ps.levels.indexOf(b.cap[S.pct].max) >= 0;
  }

  // breakTie decides w against x: by headroom at a shared capacity
  // level, else by dominance; '' when neither decides for w.
  function breakTie(w, x, S) {
    var cw = w.cap[S.pct];
    var cx = x.cap[S.pct];
    var hw = headroomAt(w, S);
    var hx = headroomAt(x, S);
    if (cw.max > 0 && cw.max === cx.max && known(hw) && known(hx)) {
      var d = hw - hx;
      if (d > 0 && d >= S.tie / 100) {
        return 'headroom';
      }
      if (d < 0 && -d >= S.tie / 100) {
        return '';
      }
    }
    return dominatesAll(w, x, S) ? 'dominance' : '';
  }

  function tieWinner(order, S) {
    for (var i = 0; i < order.length; i++) {
      var cand = order[i];
      var cp = cand.cap[S.pct];
      if (cp.max === 0 || !known(capValue(cp))) {
        continue;
      }
      if (i > 0 && compareCapacity(order[0].cap[S.pct], cp, S) === 'win') {
        break;
      }
      var rivals = [];
      var ok = true;
      for (var j = 0; j < order.length; j++) {
        var x = order[j];
        if (j === i || compareCapacity(cp, x.cap[S.pct], S) === 'win') {
          continue;
        }
        var by = breakTie(cand, x, S);
        if (!by) {
          ok = false;
          break;
        }
        rivals.push({config: x, by: by});
      }
      if (ok && rivals.length > 0) {
        return {w: cand, rivals: rivals};
      }
    }
    return null;
  }

  // rank is rankCapacities: the capacity finding, or null for none.
  // kind is 'leader' or 'unranked'; configs as the finding lists them.
  function rank(cfgs, S) {
    var p = S.pct;
    if (!cfgs.length) {
      return null;
    }
    var less = function (a, b) {
      var va = capValue(a.cap[p]);
      var vb = capValue(b.cap[p]);
      return va > vb || known(va) && !known(vb);
    };
    var order = cfgs.slice().sort(function (a, b) {
      if (less(a, b)) {
        return -1;
      }
      return less(b, a) ? 1 : 0;
    });
    var best = order[0].cap[p];
    if (best.max === 0 || !known(capValue(best))) {
      var unknown = cfgs.filter(function (c) {
        return c.cap[p].max > 0 && !known(capValue(c.cap[p]));
      });
      return unknown.length ? {kind: 'unranked', configs: unknown} : null;
    }
    var f = {kind: 'leader', configs: [order[0]], tie: false, tieBreak: '', rivals: []};
    if (order.length === 1) {
      return f;
    }
    f.configs.push(order[1]);
    var open = function (c) {
      return c.bound || c.max > 0 && !known(capValue(c));
    };
    var outcome = 'win';
    var unranked = open(best) ? [order[0]] : [];
    for (var k = 1; k < order.length; k++) {
      var o = compareCapacity(best, order[k].cap[p], S);
      if (o === 'unknown') {
        outcome = 'unknown';
        if (open(order[k].cap[p])) {
          unranked.push(order[k]);
        }
      } else if (o === 'tie' && outcome === 'win') {
        outcome = 'tie';
      }
    }
    if (outcome !== 'win') {
      var tw = tieWinner(order, S);
      if (tw) {
        return tieBroken(order, tw.w, tw.rivals);
      }
    }
    if (outcome === 'tie') {
      f.tie = true;
    } else if (outcome === 'unknown') {
      return {kind: 'unranked', configs: unranked};
    }
    return f;
  }

  // tieBroken is the finding of a leader the tie-breaks named: the rival
  // largest in capacity second.
  function tieBroken(order, w, rivals) {
    var bys = rivals.map(function (r) {
      return r.by;
    });
    var tb = bys.every(function (b) {
      return b === bys[0];
    }) ? bys[0] : 'headroom_dominance';
    var configs = [w].concat(rivals.map(function (r) {
      return r.config;
    }));
    for (var i = 0; i < order.length; i++) {
      var j = configs.indexOf(order[i]);
      if (j > 0) {
        configs[j] = configs[1];
        configs[1] = order[i];
        break;
      }
    }
    return {kind: 'leader', configs: configs, tie: false, tieBreak: tb, rivals: rivals};
  }

  // ---- throughput at the target interactivity (pareto.go, cost.go) -------

  function withinSLO(curve, cp) {
    return curve.filter(function (pt) {
      return cp.max > 0 && pt.load <= cp.max;
    });
  }

  // interpolate is analyze's interpolate: never extrapolated.
  function interpolate(curve, target) {
    if (!curve.length) {
      return {agg: NaN, reason: 'no_points'};
    }
    for (var i = 0; i < curve.length; i++) {
      var a = curve[i];
      if (a.x === target) {
        return {agg: a.agg, reason: ''};
      }
      if (i + 1 === curve.length) {
        break;
      }
      var b = curve[i + 1];
      var lo = Math.min(a.x, b.x);
      var hi = Math.max(a.x, b.x);
      if (lo < target && target < hi) {
        var f = (target - a.x) / (b.x - a.x);
        return {agg: a.agg + f * (b.agg - a.agg), reason: ''};
      }
    }
    for (var k = 0; k < curve.length; k++) {
      if (curve[k].x > target) {
        return {agg: NaN, reason: 'below_measured'};
      }
    }
    return {agg: NaN, reason: 'above_measured'};
  }

  function atTarget(cfg, cp, target) {
    var within = withinSLO(cfg.curve, cp);
    var r = interpolate(within, target);
    var reason = r.reason;
    if (!cfg.curve.length) {
      reason = 'no_points';
    } else if (!within.length) {
      reason = 'no_slo_level';
    } else if (reason === 'below_measured' && !cp.bound) {
      reason = 'beyond_slo';
    }
    var a = {target: target, agg: r.agg, perGPU: NaN, reason: reason};
    if (!reason) {
      if (cfg.gpus > 0) {
        a.perGPU = r.agg / cfg.gpus;
      } else {
        a.reason = 'gpus_unknown';
      }
    }
    return a;
  }

  // defaultTarget: one every config reaches within the SLOs where one
  // exists, else one the most reach; the TPS SLO when it is one of them,
  // else the lowest, rounded up to a whole tok/s where still reached.
  function defaultTarget(cfgs, S) {
    var ranges = [];
    cfgs.forEach(function (c) {
      var within = withinSLO(c.curve, c.cap[S.pct]);
      if (within.length) {
        var lo = Infinity;
        var hi = -Infinity;
        within.forEach(function (pt) {
          lo = Math.min(lo, pt.x);
          hi = Math.max(hi, pt.x);
        });
        ranges.push([lo, hi]);
      }
    });
    var cover = function (x) {
      return ranges.filter(function (r) {
        return r[0] <= x && x <= r[1];
      }).length;
    };
    var best = 0;
    var low = Infinity;
    ranges.forEach(function (r) {
      var n = cover(r[0]);
      if (n > best) {
        best = n;
        low = r[0];
      } else if (n === best) {
        low = Math.min(low, r[0]);
      }
    });
    if (best === 0 || cover(S.tps) === best) {
      return S.tps;
    }
    var up = Math.ceil(low);
    return cover(up) === best ? up : low;
  }

  // costPerMillion is analyze's CostPerMillion.
  function costPerMillion(price, gpus, tps) {
    if (!(gpus > 0) || !(tps > 0) || !known(tps)) {
      return NaN;
    }
    return price * gpus / (tps * 3600) * 1e6;
  }

  function costOf(cfg, price, cp, at) {
    var c = {load: cp.max, agg: NaN, perMillion: NaN, reason: '', target: null};
    var l = levelAt(cfg.levels, cp.max);
    if (l && cp.max > 0 && known(l.agg) && l.agg > 0) {
      c.agg = l.agg;
    }
    if (cp.max === 0) {
      c.reason = 'no_capacity';
    } else if (!(cfg.gpus > 0)) {
      c.reason = 'gpus_unknown';
    } else if (!known(c.agg)) {
      c.reason = 'no_throughput';
    } else {
      c.perMillion = costPerMillion(price, cfg.gpus, c.agg);
    }
    if (at) {
      c.target = {perMillion: at.reason ? NaN : costPerMillion(price, cfg.gpus, at.agg), reason: at.reason};
    }
    return c;
  }

  // compute is the model of the report under settings S.
  function compute(S) {
    var cfgs = D.configs;
    cfgs.forEach(function (c) {
      c.cap = {};
      D.percentiles.forEach(function (p) {
        c.cap[p] = capacity(c, p, S);
      });
    });
    var M = {S: S, finding: rank(cfgs, S), target: NaN, at: {}, cost: {}};
    if (known(S.interactivity)) {
      M.target = S.interactivity;
    } else if (S.tps > 0) {
      M.target = defaultTarget(cfgs, S);
    }
    cfgs.forEach(function (c) {
      var at = null;
      if (known(M.target)) {
        at = atTarget(c, c.cap[S.pct], M.target);
        M.at[c.id] = at;
      }
      if (S.price > 0) {
        M.cost[c.id] = costOf(c, S.price, c.cap[S.pct], at);
      }
    });
    return M;
  }

  // ---- cells: what each shows (render/report's tables) -------------------

  function mark(ok, stat) {
    if (stat === 'none') {
      return '?';
    }
    return ok ? '✓' : '✗';
  }

  // matrixCell is a cell of the SLO matrix at p (SLOMatrix): the marks,
  // a star for a stand-in statistic, ◊ for a load not reached; and its
  // colour class.
  function matrixCell(l, p, S) {
    var v = verdict(l, p, S);
    var s = mark(v.ttft, v.ttftStat) + mark(v.tps, v.tpsStat);
    if (D.star[p] && (v.ttftStat || v.tpsStat)) {
      s += '*';
    }
    if (!l.reached) {
      s += ' ◊';
    }
    return {text: s, cls: ['slo-fail', 'slo-part', 'slo-pass'][(v.ttft ? 1 : 0) + (v.tps ? 1 : 0)]};
  }

  function loadCell(cp, l) {
    return (cp.bound ? '≥ ' : '') + l.label;
  }

  function usersCell(cp) {
    if (cp.over) {
      return W.whatif_stale;
    }
    if (cp.users === -1) {
      return '–';
    }
    return (cp.bound ? '≥ ' : '') + num(cp.users, 0);
  }

  // capacityCells are a config's cells of the capacity table at p
  // (CapacityTable), by data-stat.
  function capacityCells(c, p, S) {
    var cp = c.cap[p];
    var out = {c_max: '–', throughput: '–', concurrency: '–', latency: '–', users: '–'};
    if (cp.max === 0) {
      out.users = W.capacity_none_cell;
      for (var i = 0; i < c.reached.length; i++) {
        var v = verdict(c.reached[i], p, S);
        if (!(v.ttft && v.tps)) {
          if (v.ttftStat === 'none' || v.tpsStat === 'none') {
            out.users = W.capacity_unchecked_cell;
          }
          break;
        }
      }
      return out;
    }
    var l = levelAt(c.levels, cp.max);
    out.c_max = loadCell(cp, l);
    out.throughput = num(cp.rps, 2);
    out.concurrency = num(cp.conc, 1);
    out.latency = num(cp.lat, 2) + (cp.latStat === 'p50' && known(cp.lat) ? ' †' : '');
    out.users = usersCell(cp);
    out.value = cp.users;
    return out;
  }

  function absentWords(reason) {
    return W['target_cell_' + reason] || '';
  }

  function targetValue(at) {
    if (!at) {
      return NaN;
    }
    return D.per_gpu ? at.perGPU : at.agg;
  }

  function atTargetCell(at) {
    if (!at) {
      return '–';
    }
    var w = absentWords(at.reason);
    if (w) {
      return w;
    }
    return D.per_gpu ? num(at.perGPU, 1) : num(at.agg, 0);
  }

  function hasTarget(M) {
    return known(M.target) && M.target > 0;
  }

  function currencyOf(S) {
    return S.currency;
  }

  // ---- the page ---------------------------------------------------------

  var main = root.parentNode;
  var cells = Array.prototype.slice.call(document.querySelectorAll('td[data-stat], th[data-stat]'));
  var originals = cells.map(function (el) {
    return el.innerHTML;
  });
  var added = [];
  var report = settingsOf(D.report);

  D.configs.forEach(function (c) {
    c.reached = c.levels.filter(function (l) {
      return l.reached;
    });
    c.curve = c.reached.filter(function (l) {
      return l.x > 0 && known(l.x) && l.agg > 0 && known(l.agg);
    });
  });

  function settingsOf(r) {
    return {ttft: r['slo-ttft-ms'], tps: r['slo-tps'], pct: r.percentile, think: r['think-s'], tie: r['tie-pct'],
      interactivity: r.interactivity, price: r.price, currency: r.currency};
  }

  function byID(id) {
    for (var i = 0; i < D.configs.length; i++) {
      if (D.configs[i].id === id) {
        return D.configs[i];
      }
    }
    return null;
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) {
      e.className = cls;
    }
    if (text !== undefined) {
      e.textContent = text;
    }
    return e;
  }

  // show sets what a cell shows in the view: the report's text stays
  // for print (.wi-orig), the view's shows on screen (.wi-new).
  function show(cell, text, value) {
    var i = cells.indexOf(cell);
    cell.innerHTML = '';
    if (i >= 0) {
      var orig = el('span', 'wi-orig');
      orig.innerHTML = originals[i];
      cell.appendChild(orig);
    }
    cell.appendChild(el('span', 'wi-new', text));
    if (value !== undefined && known(value)) {
      cell.setAttribute('data-value', String(value));
    } else {
      cell.removeAttribute('data-value');
    }
  }

  function query(sel) {
    return Array.prototype.slice.call(document.querySelectorAll(sel));
  }

  function addNode(node, before) {
    before.parentNode.insertBefore(node, before);
    added.push(node);
    return node;
  }

  function liveNote(before) {
    addNode(el('p', 'wi-note wi-added', W.whatif_live), before);
  }

  function attrs(e, config, level, stat, p) {
    e.setAttribute('data-config', config);
    if (level !== null) {
      e.setAttribute('data-level', level);
    }
    e.setAttribute('data-stat', stat);
    if (p) {
      e.setAttribute('data-pct', p);
    }
  }

  // matrixTable is the SLO matrix at the view's statistic, drawn by the
  // script in place of the heat map (whose picture is the report's).
  function matrixTable(M) {
    var S = M.S;
    var t = el('table', 'slo-matrix wi-matrix');
    var head = t.createTHead().insertRow();
    head.appendChild(el('th', '', W.col_config));
    D.levels.forEach(function (lv) {
      var th = el('th', '', lv.at);
      th.setAttribute('align', 'center');
      head.appendChild(th);
    });
    var body = t.createTBody();
    D.configs.forEach(function (c) {
      var row = body.insertRow();
      row.appendChild(el('td', '', c.name));
      D.levels.forEach(function (lv) {
        var td = el('td');
        td.setAttribute('align', 'center');
        var l = levelAt(c.levels, lv.load);
        if (!l) {
          td.textContent = '–';
        } else {
          var m = matrixCell(l, S.pct, S);
          td.className = m.cls;
          td.setAttribute('data-config', c.id);
          td.setAttribute('data-level', lv.key);
          var marks = el('span', 'wi-marks', m.text);
          attrs(marks, c.id, lv.key, 'slo', S.pct);
          td.appendChild(marks);
          var s = l.slo[S.pct];
          var vals = el('span', 'wi-vals');
          var ttft = el('span', '', num(s[0], D.dec.ttft) + ' ms');
          attrs(ttft, c.id, lv.key, 'ttft', S.pct);
          var tps = el('span', '', num(s[1], D.dec.tps) + ' tok/s');
          attrs(tps, c.id, lv.key, 'tps', S.pct);
          vals.appendChild(ttft);
          vals.appendChild(document.createTextNode(' · '));
          vals.appendChild(tps);
          td.appendChild(vals);
        }
        row.appendChild(td);
      });
    });
    return t;
  }

  function box(table) {
    var b = el('div', 'table-scroll wi-live wi-added');
    b.appendChild(table);
    return b;
  }

  // ---- the capacity chart, drawn by the script ---------------------------

  var SVG = 'http://www.w3.org/2000/svg';

  function svg(tag, at, text) {
    var e = document.createElementNS(SVG, tag);
    Object.keys(at || {}).forEach(function (k) {
      e.setAttribute(k, at[k]);
    });
    if (text !== undefined) {
      e.textContent = text;
    }
    return e;
  }

  // capacityChart is chart 06 under the view's settings: C_max (R_max)
  // as dots on the log₂ load axis, users as bars from zero; the view's
  // statistic a dot and a bar in the config's colour, the other a ring
  // and a black tick.
  function capacityChart(M) {
    var S = M.S;
    var stats = [S.pct, S.pct === 'mean' ? 'p90' : 'mean'];
    var n = D.configs.length;
    var w = 860;
    var top = 58;
    var rowH = 34;
    var h = top + n * rowH + 78;
    var g = svg('svg', {viewBox: '0 0 ' + w + ' ' + h, role: 'img', 'class': 'wi-chart'});
    g.appendChild(svg('text', {x: w / 2, y: 22, 'text-anchor': 'middle', 'class': 'wi-title'},
      S.think === 0 ? W.chart_title_capacity_closed : msg('chart_title_capacity', {Think: seconds(S.think)})));
    var L = {x0: 200, x1: 500};
    var R = {x0: 560, x1: 840};
    var finite = D.levels.filter(function (lv) {
      return isFinite(lv.load);
    });
    var lo = finite.length ? Math.log2(finite[0].load) : 0;
    var hi = finite.length ? Math.log2(finite[finite.length - 1].load) : 0;
    var infAt = hi + 1.6;
    var zero = false;
    D.configs.forEach(function (c) {
      stats.forEach(function (p) {
        zero = zero || c.cap[p].max === 0;
      });
    });
    var zeroAt = lo - 1.6;
    var min = zero ? zeroAt - 0.3 : lo - 0.3;
    var max = (D.levels.some(function (lv) {
      return !isFinite(lv.load);
    }) ? infAt : hi) + 0.5;
    var xl = function (load) {
      var v = load === 0 ? zeroAt : isFinite(load) ? Math.log2(load) : infAt;
      return L.x0 + (v - min) / (max - min) * (L.x1 - L.x0);
    };
    var users = 0;
    D.configs.forEach(function (c) {
      stats.forEach(function (p) {
        users = Math.max(users, c.cap[p].users);
      });
    });
    var umax = Math.max(1, users * 1.12);
    var xr = function (u) {
      return R.x0 + u / umax * (R.x1 - R.x0);
    };
    var y1 = top + n * rowH;
    [L, R].forEach(function (P) {
      g.appendChild(svg('line', {x1: P.x0, y1: y1, x2: P.x1, y2: y1, 'class': 'wi-axis'}));
    });
    g.appendChild(svg('text', {x: (L.x0 + L.x1) / 2, y: top - 14, 'text-anchor': 'middle', 'class': 'wi-panel'}, W.panel_cmax));
    g.appendChild(svg('text', {x: (R.x0 + R.x1) / 2, y: top - 14, 'text-anchor': 'middle', 'class': 'wi-panel'}, W.panel_users));
    var ticks = D.levels.slice();
    if (zero) {
      ticks.unshift({load: 0, label: '0'});
    }
    ticks.forEach(function (lv) {
      var x = xl(lv.load);
      g.appendChild(svg('line', {x1: x, y1: top - 6, x2: x, y2: y1, 'class': 'wi-grid'}));
      g.appendChild(svg('text', {x: x, y: y1 + 16, 'text-anchor': 'middle', 'class': 'wi-tick'}, lv.label));
    });
    [0, umax / 1.12 / 2, umax / 1.12].forEach(function (u) {
      var x = xr(u);
      g.appendChild(svg('line', {x1: x, y1: top - 6, x2: x, y2: y1, 'class': 'wi-grid'}));
      g.appendChild(svg('text', {x: x, y: y1 + 16, 'text-anchor': 'middle', 'class': 'wi-tick'}, num(Math.round(u), 0)));
    });
    g.appendChild(svg('text', {x: (L.x0 + L.x1) / 2, y: y1 + 36, 'text-anchor': 'middle', 'class': 'wi-axis-title'}, W.axis_concurrency));
    g.appendChild(svg('text', {x: (R.x0 + R.x1) / 2, y: y1 + 36, 'text-anchor': 'middle', 'class': 'wi-axis-title'}, W.axis_users));
    D.configs.forEach(function (c, i) {
      var y = top + i * rowH + rowH / 2;
      g.appendChild(svg('text', {x: L.x0 - 10, y: y + 4, 'text-anchor': 'end', 'class': 'wi-name'}, c.name));
      var head = c.cap[stats[0]];
      var other = c.cap[stats[1]];
      g.appendChild(svg('circle', {cx: xl(other.max), cy: y, r: 7, fill: 'none', stroke: c.color, 'stroke-width': 2}));
      g.appendChild(svg('circle', {cx: xl(head.max), cy: y, r: 5, fill: c.color}));
      var hl = levelAt(c.levels, head.max);
      g.appendChild(svg('text', {x: xl(Math.max(head.max, other.max)) + 11, y: y + 4, 'class': 'wi-label'},
        head.max === 0 ? '0' : loadCell(head, hl)));
      if (head.users > 0) {
        g.appendChild(svg('rect', {x: R.x0, y: y - 8, width: xr(head.users) - R.x0, height: 16, fill: c.color}));
      }
      if (other.users >= 0) {
        g.appendChild(svg('line', {x1: xr(other.users), y1: y - 11, x2: xr(other.users), y2: y + 11, 'class': 'wi-tickmark'}));
      }
      g.appendChild(svg('text', {x: xr(Math.max(head.users, other.users, 0)) + 6, y: y + 4, 'class': 'wi-label'},
        head.max === 0 ? '0' : usersCell(head)));
    });
    var ly = h - 12;
    g.appendChild(svg('circle', {cx: L.x0, cy: ly - 4, r: 5, fill: '#555'}));
    g.appendChild(svg('text', {x: L.x0 + 12, y: ly, 'class': 'wi-tick'}, msg('legend_cap_head', {Stat: W['stat_' + stats[0]]})));
    g.appendChild(svg('circle', {cx: R.x0 - 40, cy: ly - 4, r: 7, fill: 'none', stroke: '#555', 'stroke-width': 2}));
    g.appendChild(svg('text', {x: R.x0 - 28, y: ly, 'class': 'wi-tick'}, msg('legend_cap_other', {Stat: W['stat_' + stats[1]]})));
    return g;
  }

  // ---- the verdict sentence ---------------------------------------------

  function valueWords(c, p) {
    var cp = c.cap[p];
    if (D.axis === 'rate') {
      return num(cp.rps, 2);
    }
    return cp.users === -1 ? '–' : (cp.bound ? '≥ ' : '') + num(cp.users, 0);
  }

  function maxWords(c, p) {
    var cp = c.cap[p];
    var l = levelAt(c.levels, cp.max);
    return msg(cp.bound ? 'level_max_bound' : 'level_max', {X: l ? l.label : '0'});
  }

  // verdictText words the capacity finding: kind, the sentence, and the
  // attributes a test reads.
  function verdictText(M) {
    var S = M.S;
    var f = M.finding;
    var stat = W['statw_' + S.pct];
    if (!f) {
      return {kind: 'none', text: msg('whatif_verdict_none', {Stat: stat}), configs: []};
    }
    var names = function (cs) {
      return list(cs.map(function (c) {
        return c.name;
      }));
    };
    if (f.kind === 'unranked') {
      return {kind: 'unranked', text: msg('whatif_verdict_unranked', {Stat: stat, Configs: names(f.configs)}), configs: f.configs};
    }
    var a = f.configs[0];
    var args = {Stat: stat, Leader: a.name, Value: valueWords(a, S.pct), C: maxWords(a, S.pct)};
    if (f.configs.length === 1) {
      return {kind: 'leader', text: msg('whatif_verdict_only', args), configs: f.configs};
    }
    var b = f.configs[1];
    args.Next = b.name;
    args.NextValue = valueWords(b, S.pct);
    args.NextC = maxWords(b, S.pct);
    var id = 'whatif_verdict_leader';
    if (f.tieBreak) {
      id = 'whatif_verdict_tie_break';
      // The rivals grouped by what decided against them, each reason
      // said once: "B and C (by headroom: …)".
      var byWhat = [];
      var names = {};
      f.configs.slice(1).forEach(function (c) {
        var by = f.rivals.filter(function (x) {
          return x.config === c;
        })[0].by;
        if (!names[by]) {
          names[by] = [];
          byWhat.push(by);
        }
        names[by].push(c.name);
      });
      args.Rivals = list(byWhat.map(function (by) {
        return msg('whatif_rival_' + by, {Config: list(names[by])});
      }));
    } else if (f.tie) {
      id = 'whatif_verdict_tie';
      args.Tie = msg('within_tie', {Pct: msg('percent', {N: seconds(S.tie)})});
    } else if (b.cap[S.pct].max === 0) {
      id = 'whatif_verdict_alone';
    } else {
      var va = capValue(a.cap[S.pct]);
      var vb = capValue(b.cap[S.pct]);
      args.Gap = rise(vb > 0 ? va / vb : NaN);
    }
    return {kind: 'leader', text: msg(id, args), configs: f.configs, tie: f.tie, tieBreak: f.tieBreak};
  }

  // ---- settings: the controls, the link --------------------------------

  var form = root.querySelector('form');
  var inputs = {};
  KEYS.forEach(function (k) {
    inputs[k] = form.elements[k];
  });

  function inRange(k, x) {
    var b = D.bounds[k];
    return known(x) && x >= b.min && !(b.min_open && x === b.min) && x <= b.max;
  }

  // parse reads one setting as text: its value, or undefined when the
  // text is no valid value (null: empty, the report's).
  function parse(k, text) {
    text = (text || '').trim();
    if (text === '') {
      return null;
    }
    if (k === 'percentile') {
      text = text.toLowerCase();
      return text === 'p90' || text === 'mean' ? text : undefined;
    }
    if (k === 'currency') {
      return /^[A-Z]{3}$/.test(text) ? text : undefined;
    }
    if (!/^\d+(\.\d+)?$/.test(text)) {
      return undefined;
    }
    var x = Number(text);
    return inRange(k, x) ? x : undefined;
  }

  var FIELDS = {
    'slo-ttft-ms': 'ttft', 'slo-tps': 'tps', 'percentile': 'pct', 'think-s': 'think', 'tie-pct': 'tie',
    'interactivity': 'interactivity', 'price': 'price', 'currency': 'currency'
  };

  // settingsFrom is the report's settings with vals (by key) over them;
  // bad lists the keys given an invalid value.
  function settingsFrom(vals) {
    var S = settingsOf(D.report);
    var bad = [];
    KEYS.forEach(function (k) {
      if (!(k in vals)) {
        return;
      }
      var v = parse(k, vals[k]);
      if (v === undefined) {
        bad.push(k);
      } else if (v !== null) {
        S[FIELDS[k]] = v;
      }
    });
    return {S: S, bad: bad};
  }

  function same(a, b) {
    return a === b || typeof a === 'number' && typeof b === 'number' && isNaN(a) && isNaN(b);
  }

  // diffs are the keys whose setting differs from the report's.
  function diffs(S) {
    return KEYS.filter(function (k) {
      return !same(S[FIELDS[k]], report[FIELDS[k]]);
    });
  }

  function fragmentOf(S) {
    return diffs(S).map(function (k) {
      return k + '=' + String(S[FIELDS[k]]);
    }).join('&');
  }

  // fromHash reads the page's fragment as settings; null when it is no
  // view (an anchor: #chart-06-capacity-full).
  function fromHash(hash) {
    var h = hash.replace(/^#/, '');
    if (!h) {
      return null;
    }
    var vals = {};
    var parts = h.split('&');
    for (var i = 0; i < parts.length; i++) {
      var kv = parts[i].split('=');
      if (kv.length !== 2) {
        return null;
      }
      vals[decodeURIComponent(kv[0])] = decodeURIComponent(kv[1]);
    }
    // A key=value fragment with no setting in it is a view mistyped
    // (#stat=mean): the report's settings, its keys said refused.
    var r = settingsFrom(vals);
    Object.keys(vals).forEach(function (k) {
      if (KEYS.indexOf(k) < 0) {
        r.bad.push(k);
      }
    });
    return r;
  }

  function setInputs(S) {
    KEYS.forEach(function (k) {
      var v = S[FIELDS[k]];
      var input = inputs[k];
      if (!input) {
        return;
      }
      input.removeAttribute('aria-invalid');
      if (k === 'interactivity' || k === 'price') {
        input.value = known(v) ? String(v) : '';
      } else {
        input.value = String(v);
      }
    });
  }

  function diffWords(S, k) {
    var f = FIELDS[k];
    var v = S[f];
    var r = report[f];
    switch (k) {
    case 'slo-ttft-ms':
    case 'slo-tps':
    case 'think-s':
      return msg('whatif_diff_' + f, {Value: limit(v), Report: limit(r)});
    case 'percentile':
      return msg('whatif_diff_pct', {Value: W['statw_' + v], Report: W['statw_' + r]});
    case 'tie-pct':
      return msg('whatif_diff_tie', {Value: msg('percent', {N: seconds(v)}), Report: msg('percent', {N: seconds(r)})});
    case 'interactivity':
      return msg('whatif_diff_interactivity', {Value: known(v) ? limit(v) : W.whatif_default_rule,
        Report: known(r) ? limit(r) : W.whatif_default_rule});
    case 'price':
      return msg('whatif_diff_price', {Value: known(v) ? num(v, 2) : W.whatif_none, Report: known(r) ? num(r, 2) : W.whatif_none});
    }
    return msg('whatif_diff_currency', {Value: v || W.whatif_none, Report: r || W.whatif_none});
  }

  // ---- applying a view ---------------------------------------------------

  function restore() {
    cells.forEach(function (c, i) {
      c.innerHTML = originals[i];
      c.classList.remove('wi-hide', 'wi-slo-pass', 'wi-slo-part', 'wi-slo-fail');
      c.removeAttribute('data-value');
    });
    added.forEach(function (n) {
      if (n.parentNode) {
        n.parentNode.removeChild(n);
      }
    });
    added = [];
    query('.wi-live, .wi-covered').forEach(function (n) {
      n.classList.remove('wi-live', 'wi-covered');
    });
    document.body.classList.remove('wi-on');
    status.hidden = true;
  }

  // figure is the report's figure of chart name (its id chart-NAME).
  function figures(name) {
    return query('.figure').filter(function (f) {
      return f.id === 'chart-' + name;
    });
  }

  function updateMatrices(M) {
    var S = M.S;
    query('td[data-stat="slo"]').forEach(function (td) {
      var c = byID(td.getAttribute('data-config'));
      var l = levelAt(c.levels, levelKey(td.getAttribute('data-level')));
      var m = matrixCell(l, td.getAttribute('data-pct'), S);
      show(td, m.text);
      td.classList.add('wi-' + m.cls);
      markLive(td);
    });
    figures(D.charts.matrix).forEach(function (f) {
      f.classList.add('wi-covered');
      var b = box(matrixTable(M));
      f.parentNode.insertBefore(b, f.nextSibling);
      added.push(b);
      liveNote(b);
    });
  }

  function levelKey(s) {
    return s === 'inf' ? Infinity : Number(s);
  }

  function markLive(cell) {
    var b = cell.closest('.table-scroll');
    if (b && !b.classList.contains('wi-live')) {
      b.classList.add('wi-live');
      liveNote(b);
    }
  }

  function updateCapacity(M) {
    var S = M.S;
    query('td[data-pct]').forEach(function (td) {
      var stat = td.getAttribute('data-stat');
      if (stat === 'slo') {
        return;
      }
      var c = byID(td.getAttribute('data-config'));
      var out = capacityCells(c, td.getAttribute('data-pct'), S);
      show(td, out[stat], stat === 'users' ? out.value : undefined);
      markLive(td);
    });
    figures(D.charts.capacity).forEach(function (f) {
      f.classList.add('wi-covered');
      var d = el('div', 'figure wi-figure wi-live wi-added');
      d.appendChild(capacityChart(M));
      f.parentNode.insertBefore(d, f.nextSibling);
      added.push(d);
      liveNote(d);
    });
  }

  // column finds or adds the cells of a table's column by data-stat:
  // its head cell and, per config row (found by its cell anchor), its
  // body cell. A cell the report lacks is added (.wi-added: the print
  // leaves it out).
  function column(anchor, headStat, stat, index) {
    var rows = query('td[data-stat="' + anchor + '"]');
    if (!rows.length) {
      return null;
    }
    var table = rows[0].closest('table');
    var headRow = table.tHead.rows[0];
    var th = table.querySelector('th[data-stat="' + headStat + '"]');
    if (!th) {
      th = el('th', 'wi-added-cell');
      th.setAttribute('data-stat', headStat);
      th.setAttribute('align', 'right');
      headRow.insertBefore(th, headRow.cells[index] || null);
      added.push(th);
    }
    var tds = rows.map(function (a) {
      var row = a.parentNode;
      var id = a.getAttribute('data-config');
      var td = row.querySelector('td[data-stat="' + stat + '"]');
      if (!td) {
        td = el('td', 'wi-added-cell');
        attrs(td, id, null, stat, '');
        td.setAttribute('align', 'right');
        row.insertBefore(td, row.cells[index] || null);
        added.push(td);
      }
      return td;
    });
    return {table: table, th: th, tds: tds};
  }

  function setColumn(col, visible, head, cell) {
    col.th.classList.toggle('wi-hide', !visible);
    if (visible) {
      show(col.th, head);
    }
    col.tds.forEach(function (td) {
      td.classList.toggle('wi-hide', !visible);
      if (visible) {
        var c = byID(td.getAttribute('data-config'));
        var out = cell(c);
        show(td, out[0], out[1]);
      }
    });
    markLive(col.tds[0]);
  }

  function updateTarget(M) {
    var col = column('gpus', 'at_target_head', 'at_target', 3);
    if (!col) {
      return;
    }
    var visible = hasTarget(M) && D.configs.some(function (c) {
      return !isNaN(targetValue(M.at[c.id]));
    });
    var per = D.per_gpu ? W.per_gpu : W.per_system;
    setColumn(col, visible, msg('col_at_target', {Target: limit(M.target), Per: per}), function (c) {
      var at = M.at[c.id];
      return [atTargetCell(at), targetValue(at)];
    });
  }

  // costTable is the cost table, made by the script for a report that
  // has no price of its own, after the efficiency table.
  function costTable() {
    var anchor = query('td[data-stat="gpus"]')[0];
    if (!anchor) {
      return null;
    }
    var after = anchor.closest('.table-scroll');
    var t = el('table');
    var head = t.createTHead().insertRow();
    head.appendChild(el('th', '', W.col_config));
    head.appendChild(el('th', '', W.col_gpus));
    head.appendChild(el('th', '', W.col_cost_capacity_load));
    var capHead = el('th');
    capHead.setAttribute('data-stat', 'cost_capacity_head');
    head.appendChild(capHead);
    var body = t.createTBody();
    D.configs.forEach(function (c) {
      var row = body.insertRow();
      row.appendChild(el('td', '', c.name));
      row.appendChild(el('td', '', c.gpus > 0 ? num(c.gpus, 0) : '–'));
      ['cost_load', 'cost_capacity'].forEach(function (s) {
        var td = el('td');
        attrs(td, c.id, null, s, '');
        row.appendChild(td);
      });
    });
    t.querySelectorAll('th, td').forEach(function (c, i) {
      if (i % 4 !== 0 && i > 0) {
        c.setAttribute('align', 'right');
      }
    });
    var b = box(t);
    var label = el('p', 'wi-added-label');
    label.appendChild(el('strong', '', W.sec_cost));
    after.parentNode.insertBefore(label, after.nextSibling);
    after.parentNode.insertBefore(b, label.nextSibling);
    added.push(label, b);
    liveNote(b);
    return t;
  }

  function updateCost(M) {
    var S = M.S;
    if (!(S.price > 0)) {
      query('td[data-stat^="cost_"], th[data-stat^="cost_"]').forEach(function (c) {
        c.classList.add('wi-hide');
      });
      return;
    }
    if (!query('td[data-stat="cost_load"]').length && !costTable()) {
      return;
    }
    var cur = currencyOf(S);
    query('th[data-stat="cost_capacity_head"]').forEach(function (th) {
      show(th, msg('col_cost_capacity', {Currency: cur}).trim());
    });
    query('td[data-stat="cost_load"], td[data-stat="cost_capacity"]').forEach(function (td) {
      var c = byID(td.getAttribute('data-config'));
      var cost = M.cost[c.id];
      if (td.getAttribute('data-stat') === 'cost_load') {
        var l = levelAt(c.levels, cost.load);
        show(td, cost.load > 0 && l ? l.at : '–');
      } else {
        show(td, num(cost.perMillion, 2), cost.perMillion);
      }
    });
    var col = column('cost_load', 'cost_target_head', 'cost_target', 4);
    setColumn(col, hasTarget(M), msg('col_cost_target', {Currency: cur, Target: limit(M.target)}).trim(), function (c) {
      var cost = M.cost[c.id];
      if (!cost || !cost.target) {
        return ['–'];
      }
      return [absentWords(cost.target.reason) || num(cost.target.perMillion, 2), cost.target.perMillion];
    });
  }

  // tagSections marks each heading with what its section shows in the
  // view: recomputed, or not recomputed (greyed).
  function tagSections() {
    var kids = Array.prototype.slice.call(main.children);
    var heading = null;
    var blocks = [];
    var flush = function () {
      if (heading && blocks.length) {
        var live = blocks.some(function (b) {
          return b.classList.contains('wi-live') || b.querySelector && b.querySelector('.wi-live');
        });
        var tag = el('span', 'wi-tag ' + (live ? 'wi-tag-live' : 'wi-tag-stale'), live ? W.whatif_live : W.whatif_stale);
        heading.appendChild(tag);
        added.push(tag);
      }
      blocks = [];
    };
    kids.forEach(function (k) {
      if (/^H[1-4]$/.test(k.tagName)) {
        flush();
        heading = k.tagName === 'H1' ? null : k;
      } else if (k !== root && k !== status && !k.classList.contains('toc') && !k.classList.contains('wi-print')) {
        blocks.push(k);
      }
    });
    flush();
  }

  function updateStatus(M, bad) {
    var S = M.S;
    var ds = diffs(S);
    var words = ds.map(function (k) {
      return diffWords(S, k);
    });
    status.querySelector('.wi-differs').textContent = msg('whatif_differs', {List: words.join('; ')});
    var v = verdictText(M);
    var p = status.querySelector('.wi-verdict');
    p.textContent = v.text;
    p.setAttribute('data-kind', v.kind);
    p.setAttribute('data-configs', v.configs.map(function (c) {
      return c.id;
    }).join(' '));
    p.setAttribute('data-tie', v.tie ? '1' : '0');
    p.setAttribute('data-tie-break', v.tieBreak || '');
    var badP = status.querySelector('.wi-bad');
    badP.hidden = !bad.length;
    badP.textContent = bad.length ? msg('whatif_invalid', {List: bad.join(', '), Keys: KEYS.join(', ')}) : '';
    var link = status.querySelector('.wi-link');
    link.setAttribute('href', '#' + fragmentOf(S));
    var print = document.querySelector('.wi-print');
    if (print) {
      print.textContent = msg('whatif_print', {List: words.join('; ')});
    }
    status.hidden = false;
  }

  var current = null;

  // apply shows the view of settings S (bad: the keys whose values were
  // refused): the report itself when S is the report's settings.
  function apply(S, bad) {
    restore();
    current = S;
    var M = compute(S);
    if (!diffs(S).length) {
      if (bad.length) {
        status.hidden = false;
        status.querySelector('.wi-differs').textContent = '';
        status.querySelector('.wi-verdict').textContent = '';
        var badP = status.querySelector('.wi-bad');
        badP.hidden = false;
        badP.textContent = msg('whatif_invalid', {List: bad.join(', '), Keys: KEYS.join(', ')});
      }
      return M;
    }
    updateMatrices(M);
    updateCapacity(M);
    updateTarget(M);
    updateCost(M);
    tagSections();
    document.body.classList.add('wi-on');
    updateStatus(M, bad);
    return M;
  }

  function writeHash(S) {
    var f = fragmentOf(S);
    var url = location.pathname + location.search + (f ? '#' + f : '');
    history.replaceState(null, '', url);
  }

  function fromInputs() {
    var vals = {};
    var bad = [];
    KEYS.forEach(function (k) {
      var input = inputs[k];
      if (!input) {
        return;
      }
      var text = input.value;
      if (text === '' && input.validity && input.validity.badInput) {
        text = '-';
      }
      vals[k] = text;
      var ok = parse(k, text) !== undefined;
      if (ok) {
        input.removeAttribute('aria-invalid');
      } else {
        input.setAttribute('aria-invalid', 'true');
      }
    });
    var r = settingsFrom(vals);
    return {S: r.S, bad: r.bad.concat(bad)};
  }

  form.addEventListener('input', function () {
    var r = fromInputs();
    apply(r.S, r.bad);
    writeHash(r.S);
  });
  form.addEventListener('submit', function (ev) {
    ev.preventDefault();
  });
  query('[data-whatif="reset"]').forEach(function (b) {
    b.addEventListener('click', function () {
      setInputs(report);
      apply(report, []);
      writeHash(report);
    });
  });
  var toggle = root.querySelector('.wi-toggle');
  var panel = root.querySelector('.wi-panel');
  toggle.addEventListener('click', function () {
    panel.hidden = !panel.hidden;
    toggle.setAttribute('aria-expanded', String(!panel.hidden));
  });
  window.addEventListener('hashchange', function () {
    var r = fromHash(location.hash);
    if (r) {
      setInputs(r.S);
      apply(r.S, r.bad);
    }
  });

  root.hidden = false;
  var first = fromHash(location.hash);
  if (first) {
    setInputs(first.S);
    apply(first.S, first.bad);
    panel.hidden = false;
    toggle.setAttribute('aria-expanded', 'true');
  }

  // For tests and the console: the formatting and the model of a view.
  window.reportgenWhatIf = {
    num: num,
    settings: function () {
      return current || report;
    },
    compute: function (vals) {
      var r = settingsFrom(vals || {});
      var M = compute(r.S);
      return {target: M.target, kind: M.finding ? M.finding.kind : 'none', bad: r.bad};
    },
    cells: function (vals) {
      var S = settingsFrom(vals || {}).S;
      var M = compute(S);
      var out = {};
      D.configs.forEach(function (c) {
        D.percentiles.forEach(function (p) {
          var cc = capacityCells(c, p, S);
          ['c_max', 'throughput', 'concurrency', 'latency', 'users'].forEach(function (s) {
            out[c.id + '|' + s + '|' + p] = cc[s];
          });
          c.levels.forEach(function (l) {
            out[c.id + '|slo|' + p + '|' + (isFinite(l.load) ? String(l.load) : 'inf')] = matrixCell(l, p, S).text;
          });
        });
        out[c.id + '|at_target'] = atTargetCell(M.at[c.id]);
      });
      return out;
    }
  };
}());
