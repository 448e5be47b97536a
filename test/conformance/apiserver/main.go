// Command apiserver answers, for HorizontalPodAutoscaler objects, what the real Kubernetes API
// server's create path answers. It is built once per release against that release's
// k8s.io/kubernetes module (see k8s-1.NN.mod) and reads JSON lines on stdin:
//
//	{"object": {...an HPA in any apiVersion...}, "gates": {"HPAScaleToZero": true}}
//
// and writes one JSON line per input line (see response). The steps are those of
// k8s.io/apiserver's rest.BeforeCreate behind the create handler:
//   - answer 404 for a version the server does not serve (--served, from the release's
//     autoscaling REST storage provider);
//   - decode the body with the release's scheme (legacyscheme + pkg/apis/autoscaling/install):
//     strict decoding (unknown and duplicate fields, as with fieldValidation=Strict, kubectl's
//     default), then defaulting and conversion to the internal version;
//   - the registry strategy's PrepareForCreate (drops disabled fields such as `tolerance`);
//   - the strategy's Validate (handwritten and declarative validation), then the generic
//     ObjectMeta validation, which the server runs only once Validate passed.
//
// Feature gates are set through the mutable default feature gate; gates not named in a line are
// reset to the release's defaults.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"strings"

	genericvalidation "k8s.io/apimachinery/pkg/api/validation"
	"k8s.io/apimachinery/pkg/api/validation/path"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	kjson "k8s.io/apimachinery/pkg/runtime/serializer/json"
	"k8s.io/apimachinery/pkg/util/validation/field"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/component-base/featuregate"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	"k8s.io/kubernetes/pkg/apis/autoscaling"
	_ "k8s.io/kubernetes/pkg/apis/autoscaling/install"
	hpastrategy "k8s.io/kubernetes/pkg/registry/autoscaling/horizontalpodautoscaler"
)

type request struct {
	Object json.RawMessage `json:"object"`
	Gates  map[string]bool `json:"gates"`
}

type fieldError struct {
	Type   string      `json:"type"`
	Field  string      `json:"field"`
	Value  interface{} `json:"value,omitempty"`
	Detail string      `json:"detail,omitempty"`
	Text   string      `json:"text"`
}

type response struct {
	// Release is the k8s.io/kubernetes version this program was built against.
	Release string `json:"release"`
	// GateError: the gates could not be set (unknown gate, or a locked GA gate set off).
	GateError string `json:"gateError,omitempty"`
	// Unserved: the apiVersion/kind is not served by this release (the server answers 404).
	Unserved string `json:"unserved,omitempty"`
	// DecodeError: the body does not decode at all (wrong types, malformed JSON).
	DecodeError string `json:"decodeError,omitempty"`
	// Strict: strict decoding errors (unknown or duplicate fields), each as the server words it.
	Strict []string `json:"strict,omitempty"`
	// Dropped: field paths (of the internal object) that PrepareForCreate cleared.
	Dropped []string `json:"dropped,omitempty"`
	// Errors: the field errors of Validate, then of the ObjectMeta validation.
	Errors []fieldError `json:"errors"`
	// Accepted: no decode, strict or field error: the object would be stored.
	Accepted bool `json:"accepted"`
}

var release = "unknown"

func main() {
	defaults := map[featuregate.Feature]bool{}
	for name, spec := range utilfeature.DefaultMutableFeatureGate.GetAll() {
		defaults[name] = spec.Default
	}
	if len(os.Args) > 1 && os.Args[1] == "--version" {
		fmt.Println(release)
		return
	}
	// The versions kube-apiserver serves, as the caller read them from the release's
	// pkg/registry/autoscaling/rest/storage_autoscaling.go (the scheme converts more versions,
	// v2beta1 and v2beta2, than the server serves).
	served := map[string]bool{}
	for _, arg := range os.Args[1:] {
		if v, ok := strings.CutPrefix(arg, "--served="); ok {
			for _, version := range strings.Split(v, ",") {
				served[version] = true
			}
		}
	}
	if len(served) == 0 && !(len(os.Args) > 1 && os.Args[1] == "--gates") {
		fmt.Fprintln(os.Stderr, "usage: apiserver --served=v2,v1 < requests (or --gates, --version)")
		os.Exit(2)
	}
	if len(os.Args) > 1 && os.Args[1] == "--gates" {
		for _, g := range []featuregate.Feature{"HPAScaleToZero", "HPAConfigurableTolerance", "HPAContainerMetrics", "HPAExternalMetricFallback", "SidecarContainers", "PodLevelResources"} {
			spec, ok := utilfeature.DefaultMutableFeatureGate.GetAll()[g]
			if ok {
				fmt.Printf("%s %v %s\n", g, spec.Default, spec.PreRelease)
			} else {
				fmt.Printf("%s absent\n", g)
			}
		}
		return
	}

	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<26)
	out := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(out)
	for in.Scan() {
		line := in.Bytes()
		if len(strings.TrimSpace(string(line))) == 0 {
			continue
		}
		var req request
		var resp response
		if err := json.Unmarshal(line, &req); err != nil {
			resp = response{Release: release, DecodeError: "bad request line: " + err.Error()}
		} else {
			resp = handle(req, defaults, served)
		}
		if err := enc.Encode(resp); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		out.Flush()
	}
	if err := in.Err(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
}

// touched holds the gates some earlier line set: they go back to their defaults when a later
// line does not name them. Other gates are never written (setting GA or deprecated gates logs).
var touched = map[string]bool{}

func setGates(gates map[string]bool, defaults map[featuregate.Feature]bool) error {
	known := utilfeature.DefaultMutableFeatureGate.GetAll()
	want := map[string]bool{}
	for name := range touched {
		want[name] = defaults[featuregate.Feature(name)]
	}
	for name, on := range gates {
		spec, ok := known[featuregate.Feature(name)]
		if !ok {
			return fmt.Errorf("unrecognized feature gate: %s", name)
		}
		if spec.LockToDefault {
			if on != spec.Default {
				return fmt.Errorf("cannot set feature gate %s to %v, feature is locked to %v", name, on, spec.Default)
			}
			continue
		}
		want[name] = on
		touched[name] = true
	}
	if len(want) == 0 {
		return nil
	}
	return utilfeature.DefaultMutableFeatureGate.SetFromMap(want)
}

func handle(req request, defaults map[featuregate.Feature]bool, served map[string]bool) (resp response) {
	resp = response{Release: release, Errors: []fieldError{}}
	defer func() {
		if r := recover(); r != nil {
			resp.DecodeError = fmt.Sprintf("panic: %v", r)
			resp.Accepted = false
		}
	}()
	if err := setGates(req.Gates, defaults); err != nil {
		resp.GateError = err.Error()
		return resp
	}

	// The URL the client posts to comes from the object's own apiVersion and kind.
	var head struct {
		APIVersion string `json:"apiVersion"`
		Kind       string `json:"kind"`
	}
	_ = json.Unmarshal(req.Object, &head)
	gv, err := schema.ParseGroupVersion(head.APIVersion)
	if err != nil || gv.Group != "autoscaling" || head.Kind != "HorizontalPodAutoscaler" ||
		!served[gv.Version] {
		resp.Unserved = fmt.Sprintf("the server could not find the requested resource (apiVersion %q, kind %q)", head.APIVersion, head.Kind)
		return resp
	}

	strictJSON := kjson.NewSerializerWithOptions(kjson.DefaultMetaFactory, legacyscheme.Scheme, legacyscheme.Scheme,
		kjson.SerializerOptions{Yaml: false, Pretty: false, Strict: true})
	internalGV := schema.GroupVersion{Group: autoscaling.GroupName, Version: runtime.APIVersionInternal}
	decoder := legacyscheme.Codecs.DecoderToVersion(strictJSON, internalGV)
	obj, _, err := decoder.Decode(req.Object, nil, nil)
	if err != nil {
		if strictErr, ok := runtime.AsStrictDecodingError(err); ok && obj != nil {
			for _, e := range strictErr.Errors() {
				resp.Strict = append(resp.Strict, e.Error())
			}
		} else {
			resp.DecodeError = err.Error()
			return resp
		}
	}
	hpa, ok := obj.(*autoscaling.HorizontalPodAutoscaler)
	if !ok {
		resp.DecodeError = fmt.Sprintf("decoded %T, not an HPA", obj)
		return resp
	}

	// What the create handler and the registry do before BeforeCreate's checks.
	namespace := hpa.Namespace
	if namespace == "" {
		namespace = metav1.NamespaceDefault
		hpa.Namespace = namespace
	}
	rest.FillObjectMetaSystemFields(hpa)
	if hpa.GenerateName != "" && hpa.Name == "" {
		hpa.Name = hpastrategy.Strategy.GenerateName(hpa.GenerateName)
	}
	ctx := genericapirequest.WithNamespace(context.Background(), namespace)
	ctx = genericapirequest.WithRequestInfo(ctx, &genericapirequest.RequestInfo{
		IsResourceRequest: true, Verb: "create", APIPrefix: "apis", APIGroup: gv.Group, APIVersion: gv.Version,
		Namespace: namespace, Resource: "horizontalpodautoscalers", Name: hpa.Name,
	})

	before := tolerances(hpa)
	hpastrategy.Strategy.PrepareForCreate(ctx, hpa)
	after := tolerances(hpa)
	for path, had := range before {
		if had && !after[path] {
			resp.Dropped = append(resp.Dropped, path)
		}
	}

	errs := hpastrategy.Strategy.Validate(ctx, hpa)
	if len(errs) == 0 {
		errs = genericvalidation.ValidateObjectMetaAccessor(hpa, true, path.ValidatePathSegmentName, field.NewPath("metadata"))
	}
	for _, e := range errs {
		resp.Errors = append(resp.Errors, toFieldError(e))
	}
	resp.Accepted = len(resp.Errors) == 0 && len(resp.Strict) == 0
	return resp
}

// tolerances says which behavior rules carry a tolerance: the only fields PrepareForCreate
// drops besides status (dropDisabledFields).
func tolerances(hpa *autoscaling.HorizontalPodAutoscaler) map[string]bool {
	has := map[string]bool{"spec.behavior.scaleUp.tolerance": false, "spec.behavior.scaleDown.tolerance": false}
	if b := hpa.Spec.Behavior; b != nil {
		if b.ScaleUp != nil {
			has["spec.behavior.scaleUp.tolerance"] = b.ScaleUp.Tolerance != nil
		}
		if b.ScaleDown != nil {
			has["spec.behavior.scaleDown.tolerance"] = b.ScaleDown.Tolerance != nil
		}
	}
	return has
}

func toFieldError(e *field.Error) fieldError {
	out := fieldError{Type: string(e.Type), Field: e.Field, Detail: e.Detail, Text: e.Error()}
	v := e.BadValue
	if v != nil {
		rv := reflect.ValueOf(v)
		for rv.Kind() == reflect.Ptr && !rv.IsNil() {
			rv = rv.Elem()
		}
		if rv.Kind() == reflect.Ptr {
			v = nil
		} else {
			v = rv.Interface()
		}
		if _, err := json.Marshal(v); err != nil {
			v = fmt.Sprintf("%v", v)
		}
	}
	out.Value = v
	return out
}
