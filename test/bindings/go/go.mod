// Go smoke test of the cdk8s-hpa Go module built by jsii-pacmak.
//
// test/bindings/run.sh copies this directory to .bindings/work/go and adds `replace`
// directives there that point the four jsii modules at what jsii-pacmak just wrote (dist/go
// for cdk8shpa; a local build of constructs, cdk8s and cdk8s-plus-27, which the Go module
// proxy does not serve to this project's machines), then runs `go mod tidy` and `go run .`.
module cdk8s-hpa-go-smoke

go 1.25

require (
	github.com/aws/constructs-go/constructs/v10 v10.5.0
	github.com/aws/jsii-runtime-go v1.140.0
	github.com/cdk8s-hpa/cdk8s-hpa-go/cdk8shpa v0.0.0
	github.com/cdk8s-team/cdk8s-core-go/cdk8s/v2 v2.70.106
	github.com/cdk8s-team/cdk8s-plus-go/cdk8splus27/v2 v2.9.5
	gopkg.in/yaml.v3 v3.0.1
)
