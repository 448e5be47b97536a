package controller

// TestRequests asks the real ReplicaCalculator of one release whose request it reads for a
// Resource or ContainerResource Utilization metric, for pod specs written by the TypeScript side
// (test/conformance/requests-differential.ts), which compares the answers with HPA301 and HPA302.
//
// Each pod goes through what the API server does to a pod the ReplicaSet controller creates: the
// v1 defaults (SetObjectDefaults_Pod, which defaults pod-level requests under PodLevelResources
// up to 1.36), then the pod strategy's PrepareForCreate (fields of disabled gates dropped; from
// 1.37 the pod-level defaulting) and Validate: a spec the server refuses is reported, not run.
// Then GetResourceReplicas runs on it, unmodified. The metrics client in
// front of it reports usage for the containers a pod runs (its containers and restartable init
// containers), as metrics-server does; for any other container it fails as the real resource
// metrics client does.
//
// Input (CONFORMANCE_REQUEST_CASES, a JSON array of requestCase) and output
// (CONFORMANCE_REQUEST_RESULTS, a JSON array of requestResult).

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"testing"
	"time"

	autoscalingv2 "k8s.io/api/autoscaling/v2"
	v1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	corelisters "k8s.io/client-go/listers/core/v1"
	"k8s.io/client-go/tools/cache"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	api "k8s.io/kubernetes/pkg/apis/core"
	_ "k8s.io/kubernetes/pkg/apis/core/install"
	"k8s.io/kubernetes/pkg/controller/podautoscaler"
	metricsclient "k8s.io/kubernetes/pkg/controller/podautoscaler/metrics"
	podregistry "k8s.io/kubernetes/pkg/registry/core/pod"
)

type requestCase struct {
	ID    string          `json:"id"`
	Gates map[string]bool `json:"gates"`
	// A v1 PodSpec.
	Pod       json.RawMessage `json:"pod"`
	Resource  string          `json:"resource"`
	Container string          `json:"container"`
}

type requestResult struct {
	ID string `json:"id"`
	// GetResourceReplicas's error, or empty.
	Error string `json:"error"`
	// Why the API server refuses the pod (its validation errors), when it does; then no Error.
	Invalid string `json:"invalid,omitempty"`
	// A failure of the program itself (a spec that does not decode, a gate that cannot be set).
	Setup string `json:"setup,omitempty"`
}

func TestRequests(t *testing.T) {
	cases, out := readInput[requestCase](t, "CONFORMANCE_REQUEST_CASES", "CONFORMANCE_REQUEST_RESULTS")
	defaults := gateDefaults()
	results := make([]requestResult, 0, len(cases))
	for _, c := range cases {
		r := requestResult{ID: c.ID}
		if err := setGatesAndDependents(c.Gates, defaults); err != nil {
			r.Setup = err.Error()
		} else if pod, invalid, err := createdPod(c.Pod); err != nil {
			r.Setup = err.Error()
		} else if invalid != nil {
			r.Invalid = invalid.Error()
		} else {
			r.Error = readRequest(pod, c.Resource, c.Container)
		}
		results = append(results, r)
	}
	writeOutput(t, out, results)
}

// dependent is the error of a gate left on while a gate it depends on is turned off (1.36 on).
var dependent = regexp.MustCompile(`(\w+) is enabled, but depends on features that are disabled`)

// setGatesAndDependents sets the gates, and turns off the gates that depend on one turned off,
// as a cluster must (InPlacePodLevelResourcesVerticalScaling with PodLevelResources, say).
func setGatesAndDependents(gates map[string]bool, defaults map[string]bool) error {
	want := map[string]bool{}
	for name, on := range gates {
		want[name] = on
	}
	for range 20 {
		err := setGates(want, defaults)
		if err == nil {
			return nil
		}
		found := dependent.FindAllStringSubmatch(err.Error(), -1)
		if found == nil {
			return err
		}
		for _, m := range found {
			if on, set := want[m[1]]; set && !on {
				return err
			}
			want[m[1]] = false
		}
	}
	return fmt.Errorf("gates %v: too many dependent gates", gates)
}

// createdPod is the pod the API server stores for a pod with this spec, Running and Ready: the
// body decoded with the v1 defaults, then the pod strategy's PrepareForCreate and Validate.
func createdPod(raw json.RawMessage) (*v1.Pod, error, error) {
	pod := &v1.Pod{ObjectMeta: metav1.ObjectMeta{Name: targetName + "-0", Namespace: namespace, Labels: map[string]string{"app": targetName}}}
	if err := json.Unmarshal(raw, &pod.Spec); err != nil {
		return nil, nil, fmt.Errorf("pod: %w", err)
	}
	legacyscheme.Scheme.Default(pod)
	internal := &api.Pod{}
	if err := legacyscheme.Scheme.Convert(pod, internal, nil); err != nil {
		return nil, nil, err
	}
	ctx := genericapirequest.WithNamespace(context.Background(), namespace)
	podregistry.Strategy.PrepareForCreate(ctx, internal)
	if errs := podregistry.Strategy.Validate(ctx, internal); len(errs) > 0 {
		return nil, errs.ToAggregate(), nil
	}
	stored := &v1.Pod{}
	if err := legacyscheme.Scheme.Convert(internal, stored, nil); err != nil {
		return nil, nil, err
	}
	started := metav1.NewTime(time.Now().Add(-time.Hour))
	stored.Status = v1.PodStatus{
		Phase:      v1.PodRunning,
		StartTime:  &started,
		Conditions: []v1.PodCondition{{Type: v1.PodReady, Status: v1.ConditionTrue, LastTransitionTime: started}},
	}
	return stored, nil, nil
}

// readRequest runs GetResourceReplicas for a 50% utilization target on the one pod.
func readRequest(pod *v1.Pod, resource string, container string) string {
	indexer := cache.NewIndexer(cache.MetaNamespaceKeyFunc, cache.Indexers{cache.NamespaceIndex: cache.MetaNamespaceIndexFunc})
	if err := indexer.Add(pod); err != nil {
		return "indexer: " + err.Error()
	}
	calc := podautoscaler.NewReplicaCalculator(runningUsage{pod}, corelisters.NewPodLister(indexer), 5*time.Minute, 30*time.Second)
	selector := labels.SelectorFromSet(pod.Labels)
	_, _, _, _, err := calc.GetResourceReplicas(context.Background(), 1, 50, v1.ResourceName(resource), podautoscaler.Tolerances{}, namespace, selector, container)
	if err != nil {
		return err.Error()
	}
	return ""
}

// runningUsage reports 100m (or 100 bytes) for every container the pod runs.
type runningUsage struct{ pod *v1.Pod }

var _ metricsclient.MetricsClient = runningUsage{}

func (u runningUsage) GetResourceMetric(_ context.Context, _ v1.ResourceName, _ string, _ labels.Selector, container string) (metricsclient.PodMetricsInfo, time.Time, error) {
	now := time.Now()
	if container != "" && !runs(u.pod, container) {
		return nil, time.Time{}, fmt.Errorf("failed to get container metrics: container %s not present in metrics for pod %s/%s", container, u.pod.Namespace, u.pod.Name)
	}
	return metricsclient.PodMetricsInfo{u.pod.Name: {Timestamp: now, Window: 30 * time.Second, Value: 100}}, now, nil
}

func runs(pod *v1.Pod, name string) bool {
	for _, c := range pod.Spec.Containers {
		if c.Name == name {
			return true
		}
	}
	for _, c := range pod.Spec.InitContainers {
		if c.Name == name && c.RestartPolicy != nil && *c.RestartPolicy == v1.ContainerRestartPolicyAlways {
			return true
		}
	}
	return false
}

func (runningUsage) GetRawMetric(string, string, labels.Selector, labels.Selector) (metricsclient.PodMetricsInfo, time.Time, error) {
	return nil, time.Time{}, fmt.Errorf("no pods metrics")
}

func (runningUsage) GetObjectMetric(string, string, *autoscalingv2.CrossVersionObjectReference, labels.Selector) (int64, time.Time, error) {
	return 0, time.Time{}, fmt.Errorf("no object metrics")
}

func (runningUsage) GetExternalMetric(string, string, labels.Selector) ([]int64, time.Time, error) {
	return nil, time.Time{}, fmt.Errorf("no external metrics")
}
