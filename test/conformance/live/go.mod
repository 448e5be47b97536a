module cdk8s-hpa/conformance/live

go 1.25
