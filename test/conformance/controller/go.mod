module cdk8s-hpa/conformance/controller

go 1.25
