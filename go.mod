module github.com/openzeka/reportgen

go 1.26.0

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/gocarina/gocsv v0.0.0-20240520201108-78e41c74b4b1
	github.com/nicksnyder/go-i18n/v2 v2.7.0
	github.com/yuin/goldmark v1.8.7
	golang.org/x/text v0.44.0
	golang.org/x/tools v0.52.0
)
