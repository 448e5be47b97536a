// Package controller runs the real HPA controller of one Kubernetes release (built against that
// release's k8s.io/kubernetes, see k8s-1.NN.mod) on scenarios written by the TypeScript side of
// test/conformance, and records what it does at every sync.
//
// The controller is unmodified: NewHorizontalController started with Run(ctx, 1), informers on
// client-go's fake clientset (the HPA with the API server's v2 defaults applied, the target's
// pods, events), the target behind client-go's fake scale client (scaling creates or deletes
// Running and Ready pods), and a metrics client answering from the scenario's trace. It runs
// inside a testing/synctest bubble, so its time.Now() is a virtual clock: 15 s syncs cost nothing.
//
// Outside the controller, one process-wide setting changes: apimachinery's HandleError keeps only
// its logging handler (see TestScenarios).
//
// Real-world delays: every scale read and update takes 40 ms and every metrics read 10 ms of
// virtual time unless the scenario sets them (scaleLatencyNanos, metricsLatencyNanos), so each
// sync lasts a little, as in a cluster.
//
// Input (CONFORMANCE_SCENARIOS, a JSON array) and output (CONFORMANCE_RESULTS): see scenario and
// result below. Observations are per sync index (the n-th read of the scale starts sync n).
//
// Each step also holds what the controller last wrote of each metric in status.currentMetrics
// (what it compared with the target), and the replica count it proposed from the metrics, as it logs it
// at verbosity 4 ("Proposing desired replicas"; a logger in the context the controller runs with
// receives it). At the scenario's dump sync, the result keeps what a cluster would hold then: the
// HPA status the controller last wrote, the events it recorded about the HPA, the pods.
package controller

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	goruntime "runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	autoscalingv1 "k8s.io/api/autoscaling/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes/fake"
	scalefake "k8s.io/client-go/scale/fake"
	core "k8s.io/client-go/testing"
	"k8s.io/klog/v2"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	_ "k8s.io/kubernetes/pkg/apis/autoscaling/install"
	"k8s.io/kubernetes/pkg/controller/podautoscaler"
	metricsclient "k8s.io/kubernetes/pkg/controller/podautoscaler/metrics"
)

const (
	namespace     = "default"
	targetName    = "web"
	scaleDelay    = 40 * time.Millisecond
	metricsDelay  = 10 * time.Millisecond
	containerName = "app"
)

// observation is one metric's reading at one sync, in milli-units.
type observation struct {
	// PerPodUsage | PodSamples | TotalUsage | Value | Failure. TotalUsage: one value, the total
	// over however many pods the target has (see podMetrics).
	Kind   string  `json:"kind"`
	Values []int64 `json:"values"`
}

type scenario struct {
	ID                            string                   `json:"id"`
	HPA                           json.RawMessage          `json:"hpa"`
	Gates                         map[string]bool          `json:"gates"`
	InitialReplicas               int32                    `json:"initialReplicas"`
	InitialConditions             []condition              `json:"initialConditions"`
	Syncs                         int                      `json:"syncs"`
	SyncPeriodSeconds             int                      `json:"syncPeriodSeconds"`
	Tolerance                     float64                  `json:"tolerance"`
	DownscaleStabilizationSeconds int                      `json:"downscaleStabilizationSeconds"`
	RequestsMilli                 map[string]int64         `json:"requestsMilli"`
	Observations                  []map[string]observation `json:"observations"`
	// DumpSync: the sync after which the dump is taken (-1: none).
	DumpSync int `json:"dumpSync"`
	// The virtual time each scale call and each metrics read takes (default scaleDelay, metricsDelay).
	ScaleLatencyNanos   *int64 `json:"scaleLatencyNanos,omitempty"`
	MetricsLatencyNanos *int64 `json:"metricsLatencyNanos,omitempty"`
	// SimpleClientset: the cluster behind client-go's NewSimpleClientset, whose object tracker
	// keeps no managed fields, instead of NewClientset's, which builds a REST mapper and runs the
	// field manager on every write: two thirds of the CPU of a day of syncs whose HPA status
	// changes at each one. The controller reads and writes the same objects either way.
	SimpleClientset bool `json:"simpleClientset,omitempty"`
	// SingleProcessor: the scenario runs with GOMAXPROCS=1. Goroutines that a virtual instant
	// wakes together (on the resync grid, the work queue's timer and the informer's resync) then
	// run in the same order in every run, the resync second; with two processors, a third to a
	// half of day-long runs lose a resync somewhere, each a different one.
	SingleProcessor bool `json:"singleProcessor,omitempty"`
}

// latencies is the time a scale call and a metrics read take in the scenario.
func (s scenario) latencies() (scale, metrics time.Duration) {
	scale, metrics = scaleDelay, metricsDelay
	if s.ScaleLatencyNanos != nil {
		scale = time.Duration(*s.ScaleLatencyNanos)
	}
	if s.MetricsLatencyNanos != nil {
		metrics = time.Duration(*s.MetricsLatencyNanos)
	}
	return scale, metrics
}

type condition struct {
	Type   string `json:"type"`
	Status string `json:"status"`
	Reason string `json:"reason"`
}

type step struct {
	CurrentReplicas int32       `json:"currentReplicas"`
	Replicas        int32       `json:"replicas"`
	DesiredReplicas int32       `json:"desiredReplicas"`
	Conditions      []condition `json:"conditions"`
	// Seconds of virtual time since the first sync.
	Time float64 `json:"time"`
	// Proposal: the replicas the controller proposed from the metrics in this sync, as it logged
	// them (absent when it computed no proposal); ProposalMetric: the metric it named.
	Proposal       *int64 `json:"proposal,omitempty"`
	ProposalMetric string `json:"proposalMetric,omitempty"`
	// Current: per metric of the spec, what status.currentMetrics holds after the sync.
	Current []current `json:"current,omitempty"`
}

// current is one metric's status.currentMetrics entry, in whole percent or milli-units; all
// absent for a metric the controller could not compute.
type current struct {
	AverageUtilization *int32 `json:"averageUtilization,omitempty"`
	AverageValueMilli  *int64 `json:"averageValueMilli,omitempty"`
	ValueMilli         *int64 `json:"valueMilli,omitempty"`
}

// currentOf reads one status.currentMetrics entry.
func currentOf(m autoscalingv2.MetricStatus) current {
	var v *autoscalingv2.MetricValueStatus
	switch {
	case m.Resource != nil:
		v = &m.Resource.Current
	case m.ContainerResource != nil:
		v = &m.ContainerResource.Current
	case m.Pods != nil:
		v = &m.Pods.Current
	case m.Object != nil:
		v = &m.Object.Current
	case m.External != nil:
		v = &m.External.Current
	default:
		return current{}
	}
	c := current{AverageUtilization: v.AverageUtilization}
	if v.AverageValue != nil {
		milli := v.AverageValue.MilliValue()
		c.AverageValueMilli = &milli
	}
	if v.Value != nil {
		milli := v.Value.MilliValue()
		c.ValueMilli = &milli
	}
	return c
}

// dump is what the cluster holds after the dump sync, when the next sync starts.
type dump struct {
	Sync int `json:"sync"`
	// Time: the virtual time of the dump (RFC 3339).
	Time     string                                       `json:"time"`
	Status   *autoscalingv2.HorizontalPodAutoscalerStatus `json:"status"`
	Events   []v1.Event                                   `json:"events"`
	Pods     []string                                     `json:"pods"`
	Replicas int32                                        `json:"replicas"`
}

type result struct {
	ID    string `json:"id"`
	Steps []step `json:"steps"`
	Dump  *dump  `json:"dump,omitempty"`
	Error string `json:"error,omitempty"`
}

func TestScenarios(t *testing.T) {
	scenarios, out := readInput[scenario](t, "CONFORMANCE_SCENARIOS", "CONFORMANCE_RESULTS")
	// The controller logs every failing metric as an error; CONFORMANCE_DEBUG=<verbosity> shows them.
	fs := flag.NewFlagSet("klog", flag.ContinueOnError)
	klog.InitFlags(fs)
	if os.Getenv("CONFORMANCE_DEBUG") == "" {
		_ = fs.Set("logtostderr", "false")
		_ = fs.Set("stderrthreshold", "FATAL")
		klog.SetOutput(io.Discard)
	} else {
		_ = fs.Set("v", os.Getenv("CONFORMANCE_DEBUG"))
	}
	// HandleError's process-wide backoff (1 ms between errors) keeps the time of the last error,
	// first set by the real clock when the package loads; inside the bubble the virtual clock
	// starts in 2000, so the first error the controller hands it would sleep some 27 years of
	// virtual time. Keep only the logging handler: the controller itself is untouched.
	utilruntime.ErrorHandlers = utilruntime.ErrorHandlers[:1]
	defaults := gateDefaults()
	results := make([]result, 0, len(scenarios))
	for _, s := range scenarios {
		r := result{ID: s.ID}
		if err := setGates(s.Gates, defaults); err != nil {
			r.Error = err.Error()
		} else {
			processors := goruntime.GOMAXPROCS(0)
			if s.SingleProcessor {
				goruntime.GOMAXPROCS(1)
			}
			synctest.Test(t, func(t *testing.T) {
				steps, d, err := run(s)
				r.Steps = steps
				r.Dump = d
				if err != nil {
					r.Error = err.Error()
				}
			})
			goruntime.GOMAXPROCS(processors)
		}
		results = append(results, r)
	}
	writeOutput(t, out, results)
}

// readInput reads the JSON array in the file named by inputVar and returns it with the output
// file's name (outputVar); it skips the test when either variable is unset.
func readInput[T any](t *testing.T, inputVar, outputVar string) ([]T, string) {
	in, out := os.Getenv(inputVar), os.Getenv(outputVar)
	if in == "" || out == "" {
		t.Skipf("%s and %s are not set", inputVar, outputVar)
	}
	data, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	var items []T
	if err := json.Unmarshal(data, &items); err != nil {
		t.Fatal(err)
	}
	return items, out
}

func writeOutput(t *testing.T, path string, results any) {
	encoded, err := json.Marshal(results)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, encoded, 0o644); err != nil {
		t.Fatal(err)
	}
}

// gateDefaults is each feature gate's default in this release.
func gateDefaults() map[string]bool {
	defaults := map[string]bool{}
	for name, spec := range utilfeature.DefaultMutableFeatureGate.GetAll() {
		defaults[string(name)] = spec.Default
	}
	return defaults
}

var touched = map[string]bool{}

func setGates(gates map[string]bool, defaults map[string]bool) error {
	want := map[string]bool{}
	for name := range touched {
		want[name] = defaults[name]
	}
	for name, on := range gates {
		want[name] = on
		touched[name] = true
	}
	if len(want) == 0 {
		return nil
	}
	return utilfeature.DefaultMutableFeatureGate.SetFromMap(want)
}

// world is the fake cluster around the controller: the target's scale and pods, the trace.
type world struct {
	sync.Mutex
	s        scenario
	client   *fake.Clientset
	replicas int32
	pods     []string
	nextPod  int
	// nextEvent numbers the events, to keep their names apart.
	nextEvent int
	sync      int // index of the sync in progress (-1 before the first)
	// The virtual time of a scale call and of a metrics read.
	scaleDelay, metricsDelay time.Duration
	start     time.Time
	steps     []step
	status    *autoscalingv2.HorizontalPodAutoscalerStatus
	dump      *dump
	runErr    error
}

// proposals is a logger sink that keeps the controller's "Proposing desired replicas" lines in
// the step of the sync in progress; it drops everything else.
type proposals struct{ w *world }

func (p proposals) Init(klog.RuntimeInfo)          {}
func (p proposals) Enabled(level int) bool         { return level <= 4 }
func (p proposals) Error(error, string, ...any)    {}
func (p proposals) WithValues(...any) klog.LogSink { return p }
func (p proposals) WithName(string) klog.LogSink   { return p }
func (p proposals) Info(_ int, msg string, kv ...any) {
	if !strings.HasPrefix(msg, "Proposing desired replicas") {
		return
	}
	p.w.Lock()
	defer p.w.Unlock()
	if p.w.sync < 0 || p.w.sync >= len(p.w.steps) {
		return
	}
	st := &p.w.steps[p.w.sync]
	for i := 0; i+1 < len(kv); i += 2 {
		switch kv[i] {
		case "desiredReplicas":
			if n, ok := kv[i+1].(int32); ok {
				v := int64(n)
				st.Proposal = &v
			}
		case "metric":
			st.ProposalMetric = fmt.Sprint(kv[i+1])
		}
	}
}

func run(s scenario) ([]step, *dump, error) {
	hpa := &autoscalingv2.HorizontalPodAutoscaler{}
	if err := json.Unmarshal(s.HPA, hpa); err != nil {
		return nil, nil, fmt.Errorf("hpa: %w", err)
	}
	legacyscheme.Scheme.Default(hpa)
	hpa.Namespace = namespace
	hpa.ResourceVersion = ""
	long := metav1.NewTime(time.Now().Add(-time.Hour))
	for _, c := range s.InitialConditions {
		hpa.Status.Conditions = append(hpa.Status.Conditions, autoscalingv2.HorizontalPodAutoscalerCondition{
			Type: autoscalingv2.HorizontalPodAutoscalerConditionType(c.Type), Status: v1.ConditionStatus(c.Status), Reason: c.Reason, LastTransitionTime: long,
		})
	}

	w := &world{s: s, replicas: s.InitialReplicas, sync: -1}
	w.scaleDelay, w.metricsDelay = s.latencies()
	ctx, cancel := context.WithCancel(klog.NewContext(context.Background(), klog.New(proposals{w})))
	defer cancel()
	if s.SimpleClientset {
		w.client = fake.NewSimpleClientset(hpa)
	} else {
		w.client = fake.NewClientset(hpa)
	}
	for i := int32(0); i < s.InitialReplicas; i++ {
		if err := w.addPod(ctx); err != nil {
			return nil, nil, err
		}
	}
	// The recorder names an event after the time it is made: inside the bubble two events of one
	// sync share that time, and the second would land on the first. A cluster's clock moves.
	w.client.PrependReactor("create", "events", func(action core.Action) (bool, runtime.Object, error) {
		event := action.(core.CreateAction).GetObject().(*v1.Event)
		w.Lock()
		w.nextEvent++
		event.Name = fmt.Sprintf("%s%04x", event.Name, w.nextEvent)
		w.Unlock()
		return false, nil, nil
	})
	w.client.PrependReactor("update", "horizontalpodautoscalers", func(action core.Action) (bool, runtime.Object, error) {
		if action.GetSubresource() != "status" {
			return false, nil, nil
		}
		obj := action.(core.UpdateAction).GetObject().(*autoscalingv2.HorizontalPodAutoscaler)
		w.Lock()
		st := obj.Status.DeepCopy()
		w.status = st
		w.Unlock()
		return false, nil, nil
	})

	scale := &scalefake.FakeScaleClient{}
	scale.AddReactor("get", "deployments", func(action core.Action) (bool, runtime.Object, error) {
		time.Sleep(w.scaleDelay)
		w.Lock()
		defer w.Unlock()
		w.finishStep()
		w.sync++
		if w.sync == 0 {
			w.start = time.Now()
		}
		w.steps = append(w.steps, step{CurrentReplicas: w.replicas, Time: time.Since(w.start).Seconds()})
		return true, w.scale(), nil
	})
	scale.AddReactor("update", "deployments", func(action core.Action) (bool, runtime.Object, error) {
		time.Sleep(w.scaleDelay)
		obj := action.(core.UpdateAction).GetObject().(*autoscalingv1.Scale)
		w.Lock()
		w.replicas = obj.Spec.Replicas
		w.Unlock()
		if err := w.reconcilePods(ctx); err != nil {
			return true, nil, err
		}
		w.Lock()
		defer w.Unlock()
		return true, w.scale(), nil
	})

	mapper := meta.NewDefaultRESTMapper([]schema.GroupVersion{{Group: "apps", Version: "v1"}})
	mapper.Add(schema.GroupVersionKind{Group: "apps", Version: "v1", Kind: "Deployment"}, meta.RESTScopeNamespace)

	period := time.Duration(s.SyncPeriodSeconds) * time.Second
	factory := informers.NewSharedInformerFactory(w.client, period)
	controller := podautoscaler.NewHorizontalController(ctx,
		w.client.CoreV1(), scale, w.client.AutoscalingV2(), mapper, &metrics{w: w},
		factory.Autoscaling().V2().HorizontalPodAutoscalers(), factory.Core().V1().Pods(),
		period, time.Duration(s.DownscaleStabilizationSeconds)*time.Second, s.Tolerance,
		5*time.Minute, 30*time.Second)
	factory.Start(ctx.Done())
	done := make(chan struct{})
	go func() {
		controller.Run(ctx, 1)
		close(done)
	}()
	// One more sync than asked: it starts after the last asked one has finished. A controller
	// that stops syncing ends the run after twice the expected virtual time.
	var stalled error
	for waited := 0; ; waited++ {
		time.Sleep(period)
		w.Lock()
		n := w.sync
		w.Unlock()
		if n >= s.Syncs {
			break
		}
		if waited > 2*(s.Syncs+2) {
			stalled = fmt.Errorf("the controller stopped syncing after %d syncs", n+1)
			break
		}
	}
	cancel()
	<-done
	factory.Shutdown()
	w.Lock()
	defer w.Unlock()
	steps := w.steps
	if len(steps) > s.Syncs {
		steps = steps[:s.Syncs]
	}
	if stalled != nil {
		return steps, w.dump, stalled
	}
	return steps, w.dump, w.runErr
}

// finishStep records the outcome of the sync in progress (called when the next one starts).
func (w *world) finishStep() {
	if w.sync < 0 || w.sync >= len(w.steps) {
		return
	}
	st := &w.steps[w.sync]
	st.Replicas = w.replicas
	if w.status != nil {
		st.DesiredReplicas = w.status.DesiredReplicas
		for _, c := range w.status.Conditions {
			st.Conditions = append(st.Conditions, condition{Type: string(c.Type), Status: string(c.Status), Reason: c.Reason})
		}
		for _, m := range w.status.CurrentMetrics {
			st.Current = append(st.Current, currentOf(m))
		}
	}
	if w.sync == w.s.DumpSync {
		w.takeDump()
	}
}

// takeDump keeps what the cluster holds now, after the dump sync (called with w locked).
func (w *world) takeDump() {
	d := &dump{Sync: w.sync, Time: time.Now().UTC().Format(time.RFC3339), Status: w.status.DeepCopy(), Replicas: w.replicas, Pods: append([]string(nil), w.pods...)}
	events, err := w.client.CoreV1().Events(namespace).List(context.Background(), metav1.ListOptions{})
	if err != nil {
		w.runErr = err
		return
	}
	for _, e := range events.Items {
		if e.InvolvedObject.Kind == "HorizontalPodAutoscaler" {
			d.Events = append(d.Events, e)
		}
	}
	sort.SliceStable(d.Events, func(i, j int) bool { return d.Events[i].FirstTimestamp.Before(&d.Events[j].FirstTimestamp) })
	w.dump = d
}

func (w *world) scale() *autoscalingv1.Scale {
	return &autoscalingv1.Scale{
		ObjectMeta: metav1.ObjectMeta{Name: targetName, Namespace: namespace},
		Spec:       autoscalingv1.ScaleSpec{Replicas: w.replicas},
		Status:     autoscalingv1.ScaleStatus{Replicas: w.replicas, Selector: "app=" + targetName},
	}
}

func (w *world) addPod(ctx context.Context) error {
	name := fmt.Sprintf("%s-%06d", targetName, w.nextPod)
	w.nextPod++
	long := metav1.NewTime(time.Now().Add(-time.Hour))
	requests := v1.ResourceList{}
	for res, milli := range w.s.RequestsMilli {
		requests[v1.ResourceName(res)] = *resource.NewMilliQuantity(milli, resource.DecimalSI)
	}
	pod := &v1.Pod{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: namespace, Labels: map[string]string{"app": targetName}},
		Spec:       v1.PodSpec{Containers: []v1.Container{{Name: containerName, Resources: v1.ResourceRequirements{Requests: requests}}}},
		Status: v1.PodStatus{
			Phase:      v1.PodRunning,
			StartTime:  &long,
			Conditions: []v1.PodCondition{{Type: v1.PodReady, Status: v1.ConditionTrue, LastTransitionTime: long}},
		},
	}
	if _, err := w.client.CoreV1().Pods(namespace).Create(ctx, pod, metav1.CreateOptions{}); err != nil {
		return err
	}
	w.pods = append(w.pods, name)
	return nil
}

// reconcilePods creates or deletes pods (the newest first) until there are `replicas`.
func (w *world) reconcilePods(ctx context.Context) error {
	for {
		w.Lock()
		have, want := int32(len(w.pods)), w.replicas
		w.Unlock()
		switch {
		case have < want:
			if err := w.addPod(ctx); err != nil {
				return err
			}
		case have > want:
			w.Lock()
			name := w.pods[len(w.pods)-1]
			w.pods = w.pods[:len(w.pods)-1]
			w.Unlock()
			if err := w.client.CoreV1().Pods(namespace).Delete(ctx, name, metav1.DeleteOptions{}); err != nil {
				return err
			}
		default:
			return nil
		}
	}
}

// metrics answers the controller from the trace, for the sync in progress.
type metrics struct{ w *world }

var _ metricsclient.MetricsClient = &metrics{}

func (m *metrics) lookup(key string) (observation, []string, error) {
	time.Sleep(m.w.metricsDelay)
	m.w.Lock()
	defer m.w.Unlock()
	pods := append([]string(nil), m.w.pods...)
	sort.Strings(pods)
	if m.w.sync < 0 || m.w.sync >= len(m.w.s.Observations) {
		return observation{}, pods, fmt.Errorf("no observation for sync %d", m.w.sync)
	}
	obs, ok := m.w.s.Observations[m.w.sync][key]
	if !ok {
		return observation{}, pods, fmt.Errorf("no observation of %s at sync %d", key, m.w.sync)
	}
	if obs.Kind == "Failure" {
		return obs, pods, fmt.Errorf("unable to fetch metrics from the metrics API (%s)", key)
	}
	return obs, pods, nil
}

func (m *metrics) podMetrics(key string) (metricsclient.PodMetricsInfo, time.Time, error) {
	obs, pods, err := m.lookup(key)
	if err != nil {
		return nil, time.Time{}, err
	}
	now := time.Now()
	info := metricsclient.PodMetricsInfo{}
	for i, pod := range pods {
		var v int64
		switch obs.Kind {
		case "PerPodUsage":
			v = obs.Values[0]
		case "TotalUsage":
			// The total spread over the pods as milli-units allow: total/n each, one more for the
			// first total%n, so that the controller's sum (it sums, then divides: utilization.go) is
			// the total, and its average the simulator's integer division of it by the count.
			n := int64(len(pods))
			v = obs.Values[0] / n
			if int64(i) < obs.Values[0]%n {
				v++
			}
		case "PodSamples":
			if i >= len(obs.Values) {
				continue
			}
			v = obs.Values[i]
		default:
			return nil, time.Time{}, fmt.Errorf("%s: %s is not a per-pod observation", key, obs.Kind)
		}
		info[pod] = metricsclient.PodMetric{Timestamp: now, Window: 30 * time.Second, Value: v}
	}
	return info, now, nil
}

func (m *metrics) GetResourceMetric(_ context.Context, res v1.ResourceName, _ string, _ labels.Selector, container string) (metricsclient.PodMetricsInfo, time.Time, error) {
	if container != "" {
		return m.podMetrics("containerResource:" + container + "/" + string(res))
	}
	return m.podMetrics("resource:" + string(res))
}

func (m *metrics) GetRawMetric(name string, _ string, _ labels.Selector, _ labels.Selector) (metricsclient.PodMetricsInfo, time.Time, error) {
	return m.podMetrics("pods:" + name)
}

func (m *metrics) GetObjectMetric(name string, _ string, _ *autoscalingv2.CrossVersionObjectReference, _ labels.Selector) (int64, time.Time, error) {
	obs, _, err := m.lookup("object:" + name)
	if err != nil {
		return 0, time.Time{}, err
	}
	if obs.Kind != "Value" || len(obs.Values) != 1 {
		return 0, time.Time{}, fmt.Errorf("object:%s: not one value", name)
	}
	return obs.Values[0], time.Now(), nil
}

func (m *metrics) GetExternalMetric(name string, _ string, _ labels.Selector) ([]int64, time.Time, error) {
	obs, _, err := m.lookup("external:" + name)
	if err != nil {
		return nil, time.Time{}, err
	}
	if obs.Kind != "Value" {
		return nil, time.Time{}, fmt.Errorf("external:%s: not values", name)
	}
	return obs.Values, time.Now(), nil
}
