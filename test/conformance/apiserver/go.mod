module cdk8s-hpa/conformance/apiserver

go 1.25
