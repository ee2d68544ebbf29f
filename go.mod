module github.com/openzeka/reportgen

go 1.26.0

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/gocarina/gocsv v0.0.0-20240520201108-78e41c74b4b1
	golang.org/x/text v0.44.0
)
