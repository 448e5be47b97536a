// Go smoke test of the cdk8s-hpa Go module built by jsii-pacmak: synthesizes an HPA for a
// cdk8s-plus-27 Deployment, reads the YAML back and checks the values, then checks that a
// validation error surfaces in Go (jsii turns the JavaScript error into a panic); then goes over
// the rest of the public API as a Go user reaches it: every factory, the validator (map, YAML
// text, app, and the values the jsii runtime cannot pass as objects), the simulator, the cluster
// profile set on a scope, and the panics a missing prop or a mistyped quantity give. One PASS/FAIL
// line per check; exit status 1 on any failure.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
	"github.com/cdk8s-hpa/cdk8s-hpa-go/cdk8shpa"
	"github.com/cdk8s-team/cdk8s-core-go/cdk8s/v2"
	"github.com/cdk8s-team/cdk8s-plus-go/cdk8splus27/v2"
	"gopkg.in/yaml.v3"
)

const lang = "go"

var failures = 0

func check(name string, actual, expected interface{}) {
	if reflect.DeepEqual(actual, expected) {
		fmt.Printf("PASS %s: %s\n", lang, name)
	} else {
		fail(name, fmt.Sprintf("expected %#v, got %#v", expected, actual))
	}
}

func fail(name, detail string) {
	failures++
	fmt.Printf("FAIL %s: %s: %s\n", lang, name, detail)
}

// dig returns obj[path[0]][path[1]]..., or nil when a step is missing.
func dig(obj interface{}, path ...interface{}) interface{} {
	cur := obj
	for _, key := range path {
		switch k := key.(type) {
		case int:
			list, ok := cur.([]interface{})
			if !ok || k >= len(list) {
				return nil
			}
			cur = list[k]
		case string:
			m, ok := cur.(map[string]interface{})
			if !ok {
				return nil
			}
			cur = m[k]
		}
		if cur == nil {
			return nil
		}
	}
	return cur
}

func buildApp(outdir string, maxReplicas float64) (cdk8s.App, cdk8splus27.Deployment) {
	app := cdk8s.NewApp(&cdk8s.AppProps{Outdir: jsii.String(outdir)})
	var chart constructs.Construct = cdk8s.NewChart(app, jsii.String("smoke"), nil)
	deployment := cdk8splus27.NewDeployment(chart, jsii.String("Workers"), &cdk8splus27.DeploymentProps{
		Containers: &[]*cdk8splus27.ContainerProps{{
			Image: jsii.String("registry.example/worker:1.0"),
			Resources: &cdk8splus27.ContainerResources{
				Cpu:    &cdk8splus27.CpuResources{Request: cdk8splus27.Cpu_Millis(jsii.Number(250))},
				Memory: &cdk8splus27.MemoryResources{Request: cdk8s.Size_Mebibytes(jsii.Number(256))},
			},
		}},
	})
	cdk8shpa.NewHorizontalPodAutoscalerV2(chart, jsii.String("Hpa"), &cdk8shpa.HorizontalPodAutoscalerV2Props{
		Target:      deployment,
		MinReplicas: jsii.Number(2),
		MaxReplicas: jsii.Number(maxReplicas),
		Metrics: &[]cdk8shpa.Metric{
			cdk8shpa.Metric_External(&cdk8shpa.ExternalMetricOptions{
				Name: jsii.String("queue_depth"),
				Selector: cdk8splus27.LabelSelector_Of(&cdk8splus27.LabelSelectorOptions{
					Labels: &map[string]*string{"queue": jsii.String("worker_tasks")},
				}),
				Target: cdk8shpa.MetricTarget_AverageValue(jsii.Number(30)),
				Fallback: cdk8shpa.ExternalFallback_Replicas(jsii.Number(10), &cdk8shpa.ExternalFallbackOptions{
					FailureDuration: cdk8s.Duration_Minutes(jsii.Number(3)),
				}),
			}),
			cdk8shpa.Metric_ResourceCpu(cdk8shpa.MetricTarget_AverageUtilization(jsii.Number(70))),
			cdk8shpa.Metric_Object(&cdk8shpa.ObjectMetricOptions{
				DescribedObject: cdk8shpa.DescribedObject_FromReference(&cdk8shpa.CrossVersionObjectReference{
					ApiVersion: jsii.String("networking.k8s.io/v1"),
					Kind:       jsii.String("Ingress"),
					Name:       jsii.String("main-route"),
				}),
				Name:   jsii.String("requests-per-second"),
				Target: cdk8shpa.MetricTarget_Value(jsii.String("2k")),
			}),
		},
		Behavior: cdk8shpa.Behavior_Of(&cdk8shpa.BehaviorOptions{
			ScaleUp: &cdk8shpa.ScalingRules{
				Policies:     &[]cdk8shpa.ScalingPolicy{cdk8shpa.ScalingPolicy_Pods(jsii.Number(4), cdk8s.Duration_Seconds(jsii.Number(60)))},
				SelectPolicy: cdk8shpa.SelectPolicy_MAX,
			},
			ScaleDown: &cdk8shpa.ScalingRules{
				StabilizationWindow: cdk8s.Duration_Minutes(jsii.Number(5)),
				Policies:            &[]cdk8shpa.ScalingPolicy{cdk8shpa.ScalingPolicy_Percent(jsii.Number(50), cdk8s.Duration_Minutes(jsii.Number(1)))},
				SelectPolicy:        cdk8shpa.SelectPolicy_MIN,
			},
		}),
		Cluster: cdk8shpa.ClusterProfile_Of(&cdk8shpa.ClusterProfileOptions{
			Version:      jsii.String("1.36"),
			FeatureGates: &map[string]*bool{"HPAExternalMetricFallback": jsii.Bool(true)},
		}),
	})
	return app, deployment
}

func readDocs(file string) ([]map[string]interface{}, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var docs []map[string]interface{}
	dec := yaml.NewDecoder(f)
	for {
		var doc map[string]interface{}
		err := dec.Decode(&doc)
		if errors.Is(err, io.EOF) {
			return docs, nil
		}
		if err != nil {
			return nil, err
		}
		if doc != nil {
			docs = append(docs, doc)
		}
	}
}

func checkSynth() {
	outdir, err := os.MkdirTemp("", "cdk8s-hpa-go-")
	if err != nil {
		fail("temp dir", err.Error())
		return
	}
	app, deployment := buildApp(outdir, 20)
	app.Synth()
	files, _ := filepath.Glob(filepath.Join(outdir, "*.yaml"))
	sort.Strings(files)
	check("synth writes one YAML file", len(files), 1)
	if len(files) == 0 {
		return
	}
	docs, err := readDocs(files[0])
	if err != nil {
		fail("parse YAML", err.Error())
		return
	}
	var hpas, deps []map[string]interface{}
	for _, d := range docs {
		switch d["kind"] {
		case "HorizontalPodAutoscaler":
			hpas = append(hpas, d)
		case "Deployment":
			deps = append(deps, d)
		}
	}
	check("one HorizontalPodAutoscaler in the manifest", len(hpas), 1)
	check("one Deployment in the manifest", len(deps), 1)
	if len(hpas) == 0 || len(deps) == 0 {
		return
	}
	hpa, dep := hpas[0], deps[0]
	spec := hpa["spec"]
	name := *deployment.Name()
	check("kind", hpa["kind"], "HorizontalPodAutoscaler")
	check("apiVersion", hpa["apiVersion"], "autoscaling/v2")
	check("spec.minReplicas", dig(spec, "minReplicas"), 2)
	check("spec.maxReplicas", dig(spec, "maxReplicas"), 20)
	check("spec.scaleTargetRef.kind", dig(spec, "scaleTargetRef", "kind"), "Deployment")
	check("spec.scaleTargetRef.apiVersion", dig(spec, "scaleTargetRef", "apiVersion"), "apps/v1")
	check("spec.scaleTargetRef.name is the Deployment's name", dig(spec, "scaleTargetRef", "name"), name)
	check("Deployment metadata.name", dig(dep, "metadata", "name"), name)
	check("Deployment renders no replicas (it is autoscaled)", dig(dep, "spec", "replicas"), nil)
	check("container cpu request", dig(dep, "spec", "template", "spec", "containers", 0, "resources", "requests", "cpu"), "250m")
	check("metrics[0].type", dig(spec, "metrics", 0, "type"), "External")
	ext := dig(spec, "metrics", 0, "external")
	check("external metric name", dig(ext, "metric", "name"), "queue_depth")
	check("external metric selector", dig(ext, "metric", "selector", "matchLabels", "queue"), "worker_tasks")
	check("external target type", dig(ext, "target", "type"), "AverageValue")
	check("external target averageValue", fmt.Sprint(dig(ext, "target", "averageValue")), "30")
	check("fallback.replicas", dig(ext, "fallback", "replicas"), 10)
	check("fallback.failureDuration (given: 3 minutes)", dig(ext, "fallback", "failureDuration"), "3m")
	check("metrics[1].type", dig(spec, "metrics", 1, "type"), "Resource")
	check("metrics[1] cpu at 70% utilization", dig(spec, "metrics", 1, "resource"),
		map[string]interface{}{"name": "cpu", "target": map[string]interface{}{"type": "Utilization", "averageUtilization": 70}})
	check("metrics[2].type (Metric.object)", dig(spec, "metrics", 2, "type"), "Object")
	check("metrics[2].object.describedObject", dig(spec, "metrics", 2, "object", "describedObject"),
		map[string]interface{}{"apiVersion": "networking.k8s.io/v1", "kind": "Ingress", "name": "main-route"})
	check("metrics[2].object.metric.name", dig(spec, "metrics", 2, "object", "metric", "name"), "requests-per-second")
	check("metrics[2].object.target", dig(spec, "metrics", 2, "object", "target"), map[string]interface{}{"type": "Value", "value": "2k"})
	up := dig(spec, "behavior", "scaleUp")
	down := dig(spec, "behavior", "scaleDown")
	check("scaleUp.policies[0]", dig(up, "policies", 0), map[string]interface{}{"type": "Pods", "value": 4, "periodSeconds": 60})
	check("scaleUp.selectPolicy", dig(up, "selectPolicy"), "Max")
	check("scaleDown.policies[0].periodSeconds", dig(down, "policies", 0, "periodSeconds"), 60)
	check("scaleDown.policies[0].type", dig(down, "policies", 0, "type"), "Percent")
	check("scaleDown.selectPolicy", dig(down, "selectPolicy"), "Min")
	check("scaleDown.stabilizationWindowSeconds", dig(down, "stabilizationWindowSeconds"), 300)
}

func checkValidationError() {
	const name = "maxReplicas 0 makes app.Synth() raise with spec.maxReplicas and [HPA102]"
	outdir, err := os.MkdirTemp("", "cdk8s-hpa-go-bad-")
	if err != nil {
		fail("temp dir", err.Error())
		return
	}
	app, _ := buildApp(outdir, 0)
	defer func() {
		r := recover()
		if r == nil {
			fail(name, "app.Synth() did not panic")
			return
		}
		message := fmt.Sprint(r)
		if strings.Contains(message, "spec.maxReplicas") && strings.Contains(message, "[HPA102]") {
			fmt.Printf("PASS %s: %s (panic %T)\n", lang, name, r)
		} else {
			if len(message) > 500 {
				message = message[:500]
			}
			fail(name, fmt.Sprintf("panicked (%T) without them: %s", r, message))
		}
	}()
	app.Synth()
}

// guard runs one step; an unexpected panic is a failure of that step, not a crash.
func guard(step string, fn func()) {
	defer func() {
		if r := recover(); r != nil {
			fail(step, fmt.Sprintf("unexpected panic: %v", r))
		}
	}()
	fn()
}

const webHpaYaml = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: web
  minReplicas: 2
  maxReplicas: 0
`

func checkFactories() {
	app := cdk8s.Testing_App(nil)
	chart := cdk8s.NewChart(app, jsii.String("factories"), nil)
	cdk8shpa.ClusterProfile_Of(&cdk8shpa.ClusterProfileOptions{
		Version:      jsii.String("1.36"),
		FeatureGates: &map[string]*bool{"HPAExternalMetricFallback": jsii.Bool(true)},
	}).ApplyTo(chart)
	api := cdk8splus27.NewDeployment(chart, jsii.String("Api"), &cdk8splus27.DeploymentProps{
		Containers: &[]*cdk8splus27.ContainerProps{{
			Name:  jsii.String("app"),
			Image: jsii.String("api"),
			Resources: &cdk8splus27.ContainerResources{
				Cpu:    &cdk8splus27.CpuResources{Request: cdk8splus27.Cpu_Millis(jsii.Number(100))},
				Memory: &cdk8splus27.MemoryResources{Request: cdk8s.Size_Mebibytes(jsii.Number(128))},
			},
		}},
	})
	hpa := cdk8shpa.NewHorizontalPodAutoscalerV2(chart, jsii.String("Hpa"), &cdk8shpa.HorizontalPodAutoscalerV2Props{
		Target:      cdk8shpa.ScaleTarget_FromScalable(api),
		MinReplicas: jsii.Number(2),
		MaxReplicas: jsii.Number(9),
		Metrics: &[]cdk8shpa.Metric{
			cdk8shpa.Metric_Resource(jsii.String("ephemeral-storage"), cdk8shpa.MetricTarget_AverageValueQuantity(cdk8shpa.Quantity_Parse(jsii.String("100Mi")))),
			cdk8shpa.Metric_ResourceMemory(cdk8shpa.MetricTarget_AverageUtilization(jsii.Number(80))),
			cdk8shpa.Metric_ContainerResource(&cdk8shpa.ContainerResourceMetricOptions{
				Container: jsii.String("app"), Resource: jsii.String("cpu"), Target: cdk8shpa.MetricTarget_AverageUtilization(jsii.Number(60)),
			}),
			cdk8shpa.Metric_Pods(&cdk8shpa.PodsMetricOptions{Name: jsii.String("rps"), Target: cdk8shpa.MetricTarget_AverageValue(jsii.String("5"))}),
			cdk8shpa.Metric_Object(&cdk8shpa.ObjectMetricOptions{
				DescribedObject: cdk8shpa.DescribedObject_FromResource(api),
				Name:            jsii.String("hits"),
				Target:          cdk8shpa.MetricTarget_ValueQuantity(cdk8shpa.Quantity_Of(jsii.Number(100))),
			}),
			cdk8shpa.Metric_External(&cdk8shpa.ExternalMetricOptions{
				Name:   jsii.String("q"),
				Target: cdk8shpa.MetricTarget_Value(jsii.Number(7)),
				Fallback: cdk8shpa.ExternalFallback_Replicas(jsii.Number(3), &cdk8shpa.ExternalFallbackOptions{
					FailureDuration: cdk8s.Duration_Minutes(jsii.Number(2)),
				}),
			}),
		},
		RuleLevels: &map[string]cdk8shpa.RuleLevel{"HPA404": cdk8shpa.RuleLevel_OFF},
	})
	hpa.AddMetric(cdk8shpa.Metric_ResourceCpu(cdk8shpa.MetricTarget_AverageUtilization(jsii.Number(50))))
	check("ClusterProfile.ApplyTo: the HPA below uses it", *hpa.Cluster().Version(), "1.36")
	check("ClusterProfile_Lookup(chart)", *cdk8shpa.ClusterProfile_Lookup(chart).Version(), "1.36")
	check("ValidateChart: no issues", len(*cdk8shpa.HpaValidator_ValidateChart(chart)), 0)
	var spec interface{}
	for _, m := range *cdk8s.Testing_Synth(chart) {
		if dig(m, "kind") == "HorizontalPodAutoscaler" {
			spec = dig(m, "spec")
		}
	}
	var types []interface{}
	metrics, _ := dig(spec, "metrics").([]interface{})
	for _, m := range metrics {
		types = append(types, dig(m, "type"))
	}
	check("metric types, AddMetric last", types,
		[]interface{}{"Resource", "Resource", "ContainerResource", "Pods", "Object", "External", "Resource"})
	check("Quantity_Parse renders as given", dig(spec, "metrics", 0, "resource", "target", "averageValue"), "100Mi")
	check("Quantity_Of renders as a quantity string", dig(spec, "metrics", 4, "object", "target", "value"), "100")
	check("fallback failureDuration", dig(spec, "metrics", 5, "external", "fallback", "failureDuration"), "2m")
}

func ruleIds(issues *[]*cdk8shpa.ValidationIssue) []string {
	ids := []string{}
	for _, issue := range *issues {
		ids = append(ids, *issue.RuleId)
	}
	return ids
}

func checkValidator() {
	v135 := &cdk8shpa.HpaValidationOptions{Cluster: cdk8shpa.ClusterProfile_Of(&cdk8shpa.ClusterProfileOptions{Version: jsii.String("1.35")})}
	issues := cdk8shpa.HpaValidator_ValidateYaml(jsii.String(webHpaYaml), v135)
	check("ValidateYaml: rule ids", ruleIds(issues), []string{"HPA102", "HPA103"})
	positions := []string{}
	for _, issue := range *issues {
		positions = append(positions, fmt.Sprintf("%v:%v", *issue.Line, *issue.Column))
	}
	check("ValidateYaml: line and column", positions, []string{"11:3", "11:3"})
	check("Format without the fix", *cdk8shpa.HpaValidator_Format((*issues)[0], &cdk8shpa.IssueFormatOptions{WithFix: jsii.Bool(false)}),
		"spec.maxReplicas: Invalid value: 0: must be greater than 0 [HPA102]")
	var manifest map[string]interface{}
	if err := yaml.Unmarshal([]byte(webHpaYaml), &manifest); err != nil {
		fail("yaml", err.Error())
		return
	}
	check("Validate (a map[string]interface{}) gives the same rule ids", ruleIds(cdk8shpa.HpaValidator_Validate(manifest, v135)), []string{"HPA102", "HPA103"})
	// A pointer to a struct with json tags is read by its tags, as a map would be.
	type ref struct {
		ApiVersion string `json:"apiVersion"`
		Kind       string `json:"kind"`
		Name       string `json:"name"`
	}
	type spec struct {
		ScaleTargetRef ref `json:"scaleTargetRef"`
		MinReplicas    int `json:"minReplicas"`
		MaxReplicas    int `json:"maxReplicas"`
	}
	type meta struct {
		Name string `json:"name"`
	}
	type hpaStruct struct {
		ApiVersion string `json:"apiVersion"`
		Kind       string `json:"kind"`
		Metadata   meta   `json:"metadata"`
		Spec       spec   `json:"spec"`
	}
	asStruct := &hpaStruct{ApiVersion: "autoscaling/v2", Kind: "HorizontalPodAutoscaler", Metadata: meta{Name: "web"},
		Spec: spec{ScaleTargetRef: ref{ApiVersion: "apps/v1", Kind: "Deployment", Name: "web"}, MinReplicas: 2, MaxReplicas: 0}}
	var ids []string
	if msg := panicMessage(func() { ids = ruleIds(cdk8shpa.HpaValidator_Validate(asStruct, v135)) }); msg != "" {
		fail("Validate (a pointer to a struct with json tags)", "panicked: "+msg)
	} else {
		check("Validate (a pointer to a struct with json tags) reads it as the map", ids, []string{"HPA102", "HPA103"})
	}
	// yaml.v2 decodes into map[interface{}]interface{}, whose keys the jsii runtime cannot pass.
	var paths []string
	if msg := panicMessage(func() {
		for _, issue := range *cdk8shpa.HpaValidator_Validate(map[interface{}]interface{}{"kind": "HorizontalPodAutoscaler"}, nil) {
			paths = append(paths, *issue.RuleId+" "+*issue.Path)
		}
	}); msg != "" {
		fail("Validate (a map[interface{}]interface{})", "panicked: "+msg)
	} else {
		check("Validate (a map[interface{}]interface{}) is one issue saying how to pass a manifest", paths, []string{"HPA100 <root>"})
	}
	found := false
	for _, rule := range *cdk8shpa.HpaValidator_Rules() {
		found = found || *rule.RuleId == "HPA102"
	}
	check("Rules() lists HPA102", found, true)
	app := cdk8s.Testing_App(nil)
	chart := cdk8s.NewChart(app, jsii.String("bad"), nil)
	cdk8shpa.NewHorizontalPodAutoscalerV2(chart, jsii.String("Hpa"), &cdk8shpa.HorizontalPodAutoscalerV2Props{
		Target: cdk8shpa.ScaleTarget_FromReference(&cdk8shpa.CrossVersionObjectReference{
			ApiVersion: jsii.String("apps/v1"), Kind: jsii.String("Deployment"), Name: jsii.String("web"),
		}),
		MinReplicas: jsii.Number(2),
		MaxReplicas: jsii.Number(1),
	})
	errs := []string{}
	for _, issue := range *cdk8shpa.HpaValidator_ValidateApp(app) {
		if issue.Severity == cdk8shpa.Severity_ERROR {
			errs = append(errs, *issue.ConstructPath+" "+*issue.RuleId)
		}
	}
	check("ValidateApp: construct path and rule id", errs, []string{"bad/Hpa HPA103"})
}

func checkSimulator() {
	app := cdk8s.Testing_App(nil)
	chart := cdk8s.NewChart(app, jsii.String("sim"), nil)
	web := cdk8splus27.NewDeployment(chart, jsii.String("Web"), &cdk8splus27.DeploymentProps{
		Containers: &[]*cdk8splus27.ContainerProps{{Image: jsii.String("nginx")}},
	})
	hpa := cdk8shpa.NewHorizontalPodAutoscalerV2(chart, jsii.String("WebHpa"), &cdk8shpa.HorizontalPodAutoscalerV2Props{
		Target: web, MinReplicas: jsii.Number(1), MaxReplicas: jsii.Number(10),
		Metrics: &[]cdk8shpa.Metric{cdk8shpa.Metric_ResourceCpu(cdk8shpa.MetricTarget_AverageUtilization(jsii.Number(50)))},
	})
	trace := cdk8shpa.SimulationTrace_Create().
		At(jsii.Number(0), jsii.String("cpu"), cdk8shpa.MetricObservation_PerPodUsage(jsii.Number(40))).
		At(jsii.Number(60), jsii.String("cpu"), cdk8shpa.MetricObservation_PerPodUsage(jsii.Number(200))).
		At(jsii.Number(150), jsii.String("cpu"), cdk8shpa.MetricObservation_PerPodUsage(jsii.Number(10)))
	result := cdk8shpa.HpaSimulator_FromConstruct(hpa, nil).Run(trace, &cdk8shpa.SimulationRunOptions{Until: jsii.Number(480)})
	steps := *result.Steps()
	max := 0.0
	for _, step := range steps {
		if *step.Replicas > max {
			max = *step.Replicas
		}
	}
	check("simulation: one step per 15 s sync", len(steps), 33)
	check("simulation: scales up to maxReplicas", max, 10.0)
	check("simulation: back to 2 at the end", *steps[len(steps)-1].Replicas, 2.0)
	check("ToCsv has a header and a row per step", len(strings.Split(strings.TrimSpace(*result.ToCsv()), "\n")), 34)
	check("ToSvg is an SVG", strings.HasPrefix(*result.ToSvg(nil), "<svg"), true)
	var manifest map[string]interface{}
	if err := yaml.Unmarshal([]byte(strings.Replace(webHpaYaml, "maxReplicas: 0", "maxReplicas: 4", 1)), &manifest); err != nil {
		fail("yaml", err.Error())
		return
	}
	fromManifest := cdk8shpa.HpaSimulator_FromManifest(manifest, nil)
	check("FromManifest: metric ids", *fromManifest.MetricIds(), []*string{jsii.String("cpu")})
	series := cdk8shpa.SimulationTrace_Create().
		At(jsii.Number(0), jsii.String("cpu"), cdk8shpa.MetricObservation_PodSamples(&[]*float64{jsii.Number(10), jsii.Number(20)})).
		At(jsii.Number(30), jsii.String("cpu"), cdk8shpa.MetricObservation_TotalUsage(jsii.Number(100))).
		At(jsii.Number(60), jsii.String("cpu"), cdk8shpa.MetricObservation_Failure(jsii.String("down"))).
		ScaleTo(jsii.Number(90), jsii.Number(3))
	s2 := *fromManifest.Run(series, &cdk8shpa.SimulationRunOptions{Until: jsii.Number(120)}).Steps()
	check("FromManifest runs", *s2[len(s2)-1].Replicas >= 2, true)
}

// An HPA that scales at once both ways, over a total CPU load (percent of one pod's request) that
// needs 2, 4.8, 8, 2, 2.8, 2 replicas at its target of 50 (test/simulation/history-replay.test.ts
// works the replay out by hand).
const historyHpaYaml = `
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: {name: web}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  minReplicas: 1
  maxReplicas: MAX
  metrics:
    - {type: Resource, resource: {name: cpu, target: {type: Utilization, averageUtilization: 50}}}
  behavior:
    scaleUp: {stabilizationWindowSeconds: 0, policies: [{type: Pods, value: 100, periodSeconds: 15}]}
    scaleDown: {stabilizationWindowSeconds: 0}
`

// rangeResponse is a range-query response as curl saves Prometheus's: one series, a value every
// 15 s for 5 minutes from 2026-11-16T00:00:00Z.
func rangeResponse(value func(t int) int) *string {
	pairs := []string{}
	for t := 0; t < 300; t += 15 {
		pairs = append(pairs, fmt.Sprintf(`[%d,"%d"]`, 1794787200+t, value(t)))
	}
	return jsii.String(`{"status":"success","data":{"resultType":"matrix","result":[{"metric":{"app":"web"},"values":[` + strings.Join(pairs, ",") + `]}]}}`)
}

func historySimulator(max string) cdk8shpa.HpaSimulator {
	var manifest map[string]interface{}
	if err := yaml.Unmarshal([]byte(strings.Replace(historyHpaYaml, "MAX", max, 1)), &manifest); err != nil {
		panic(err)
	}
	return cdk8shpa.HpaSimulator_FromManifest(manifest, nil)
}

func checkHistory() {
	total := func(t int) int {
		switch {
		case t < 60:
			return 100
		case t < 120:
			return 240
		case t < 180:
			return 400
		case t < 240:
			return 100
		case t < 270:
			return 140
		}
		return 100
	}
	history := cdk8shpa.PrometheusHistory_Create().
		MetricFromJson(jsii.String("cpu"), rangeResponse(total), &cdk8shpa.HistoryMetricOptions{Load: cdk8shpa.HistoryLoad_TOTAL}).
		ReplicasFromJson(rangeResponse(func(t int) int {
			if t < 120 {
				return 2
			}
			return 4
		}))
	check("history: metrics", *history.Metrics(), []*string{jsii.String("cpu")})
	current := historySimulator("6")
	replay := current.Replay(history, nil)
	replicas := []float64{}
	for _, s := range *replay.Result().Steps() {
		replicas = append(replicas, *s.Replicas)
	}
	check("replay: replicas follow the history", replicas, []float64{2, 2, 2, 2, 5, 5, 5, 5, 6, 6, 6, 6, 2, 2, 2, 2, 3, 3, 2, 2})
	check("replay: replica-hours", *replay.Measures().ReplicaHours, 70.0*15/3600)
	check("replay: the recorded count", []float64{*replay.ReplicasCheck().SyncsEqual, *replay.ReplicasCheck().LargestDifference}, []float64{4, 3})
	check("replay: the load step", []float64{*replay.LoadStep().Start, *replay.LoadStep().End}, []float64{45, 120})
	comparison := current.Compare(historySimulator("8"), history, &cdk8shpa.ReplayOptions{Until: jsii.Number(285)})
	candidate := comparison.Candidate().Measures()
	check("compare: the candidate's reaction", []float64{*candidate.Reaction.RequiredReplicas, *candidate.Reaction.Seconds}, []float64{8, 75})
	check("compare: the candidate above target", *(*candidate.AboveTarget)[0].SyncsAbove, 3.0)
	check("ToJson", strings.Contains(*comparison.ToJson(nil), `"maxReplicas": 8`), true)
	html := *comparison.ToHtml(&cdk8shpa.ReplayReportOptions{BaselineLabel: jsii.String("max 6"), CandidateLabel: jsii.String("max 8"), Width: jsii.Number(800)})
	check("ToHtml: a page with the labels", strings.HasPrefix(html, "<!DOCTYPE html>") && strings.Contains(html, "max 8"), true)
	check("ToSvg", strings.HasPrefix(*replay.ToSvg(nil), "<svg"), true)
}

// panicMessage runs fn and returns what it panicked with ("" when it did not).
func panicMessage(fn func()) (message string) {
	defer func() {
		if r := recover(); r != nil {
			message = fmt.Sprint(r)
			if message == "" {
				message = "(empty panic)"
			}
		}
	}()
	fn()
	return ""
}

func checkErrors() {
	msg := panicMessage(func() {
		cdk8shpa.NewHorizontalPodAutoscalerV2(cdk8s.NewChart(cdk8s.Testing_App(nil), jsii.String("c"), nil), jsii.String("Hpa"),
			&cdk8shpa.HorizontalPodAutoscalerV2Props{MaxReplicas: jsii.Number(3)})
	})
	check("a missing Target panics at the call, naming it ("+msg+")", strings.Contains(msg, "Target"), true)
	msg = panicMessage(func() { cdk8shpa.MetricTarget_AverageValue(true) })
	check("a quantity that is neither a number nor a string panics at the call, naming the parameter ("+msg+")",
		strings.Contains(msg, "quantity"), true)
}

func main() {
	guard("checkSynth", checkSynth)
	guard("checkValidationError", checkValidationError)
	guard("checkFactories", checkFactories)
	guard("checkValidator", checkValidator)
	guard("checkSimulator", checkSimulator)
	guard("checkHistory", checkHistory)
	guard("checkErrors", checkErrors)
	status := "PASS"
	if failures > 0 {
		status = "FAIL"
	}
	fmt.Printf("%s smoke: %s (%d failed checks)\n", lang, status, failures)
	closeRuntime()
	if failures > 0 {
		os.Exit(1)
	}
}

// closeRuntime stops the jsii runtime's node process. jsii-runtime-go (v1.140.0, the version
// jsii-pacmak 1.140 requires and the newest the module proxy serves here) waits for that process
// twice, in Close() and in the goroutine started with it, so the loser of that race may print
// "Runtime process exited abnormally: waitid: no child processes" to standard error although the
// process ended normally. Standard error is silenced from Close() on (the program ends right
// after; the goroutine may write after Close() has returned); everything before is untouched.
func closeRuntime() {
	if devNull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0); err == nil {
		os.Stderr = devNull
	}
	jsii.Close()
}
