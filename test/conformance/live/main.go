// A real cluster's control plane for the tests of the live reader: an embedded etcd
// (go.etcd.io/etcd/server/v3/embed) and kube-apiserver (k8s.io/kubernetes/cmd/kube-apiserver/app)
// in one process, on the loopback address on free ports, with RBAC authorization. No controller
// runs: tests create the objects and write their status as the controllers would.
//
// Usage: live -dir DIR. Writes DIR/kubeconfig with two contexts: "admin" (a client certificate
// in system:masters) and "viewer" (a bearer token; a user without any RBAC binding). Prints one
// JSON line on standard output once /readyz answers ok, then runs until standard input closes
// or it gets SIGTERM.
package main

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"flag"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"github.com/spf13/pflag"
	"go.etcd.io/etcd/server/v3/embed"
	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"
	basecompatibility "k8s.io/component-base/compatibility"
	logsapi "k8s.io/component-base/logs/api/v1"
	"k8s.io/kubernetes/cmd/kube-apiserver/app"
	"k8s.io/kubernetes/cmd/kube-apiserver/app/options"
)

// The restricted user's bearer token (static token file): it authenticates, and RBAC grants it nothing.
const viewerToken = "viewer-token-for-tests"

// Ready is the line printed once the server is ready.
type Ready struct {
	Kubeconfig        string `json:"kubeconfig"`
	Server            string `json:"server"`
	AdminContext      string `json:"adminContext"`
	RestrictedContext string `json:"restrictedContext"`
	RestrictedUser    string `json:"restrictedUser"`
	// StartMillis: from the program's start to /readyz ok.
	StartMillis int64 `json:"startMillis"`
}

func main() {
	start := time.Now()
	dir := flag.String("dir", "", "directory for etcd's data, the certificates and the kubeconfig (required)")
	flag.Parse()
	if *dir == "" {
		fail(fmt.Errorf("-dir is required"))
	}
	ctx, cancel := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer cancel()
	go func() {
		_, _ = io.Copy(io.Discard, os.Stdin)
		cancel()
	}()

	etcd, etcdURL, err := startEtcd(filepath.Join(*dir, "etcd"))
	if err != nil {
		fail(fmt.Errorf("etcd: %w", err))
	}
	defer etcd.Close()

	pki, err := writePKI(filepath.Join(*dir, "pki"))
	if err != nil {
		fail(fmt.Errorf("certificates: %w", err))
	}
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fail(err)
	}
	port := listener.Addr().(*net.TCPAddr).Port
	server := "https://127.0.0.1:" + strconv.Itoa(port)

	errs := make(chan error, 1)
	go func() { errs <- runAPIServer(ctx, listener, port, etcdURL, pki) }()

	kubeconfig := filepath.Join(*dir, "kubeconfig")
	if err := writeKubeconfig(kubeconfig, server, pki); err != nil {
		fail(err)
	}
	if err := waitReady(ctx, server, pki, errs); err != nil {
		fail(err)
	}
	line, _ := json.Marshal(Ready{kubeconfig, server, "admin", "viewer", "viewer", time.Since(start).Milliseconds()})
	fmt.Println(string(line))

	select {
	case <-ctx.Done():
	case err := <-errs:
		if err != nil {
			fail(err)
		}
	}
}

func fail(err error) {
	fmt.Fprintf(os.Stderr, "live: %v\n", err)
	os.Exit(1)
}

// startEtcd starts a one-member etcd on free loopback ports, as k8s.io/apiserver's storage tests do.
func startEtcd(dir string) (*embed.Etcd, string, error) {
	ports, err := freePorts(2)
	if err != nil {
		return nil, "", err
	}
	client := url.URL{Scheme: "http", Host: net.JoinHostPort("127.0.0.1", strconv.Itoa(ports[0]))}
	peer := url.URL{Scheme: "http", Host: net.JoinHostPort("127.0.0.1", strconv.Itoa(ports[1]))}
	cfg := embed.NewConfig()
	cfg.Dir = dir
	cfg.UnsafeNoFsync = true
	cfg.ListenClientUrls, cfg.AdvertiseClientUrls = []url.URL{client}, []url.URL{client}
	cfg.ListenPeerUrls, cfg.AdvertisePeerUrls = []url.URL{peer}, []url.URL{peer}
	cfg.InitialCluster = cfg.InitialClusterFromName(cfg.Name)
	cfg.LogLevel = "error"
	e, err := embed.StartEtcd(cfg)
	if err != nil {
		return nil, "", err
	}
	select {
	case <-e.Server.ReadyNotify():
		return e, client.String(), nil
	case <-time.After(60 * time.Second):
		e.Close()
		return nil, "", fmt.Errorf("not ready after 60 s")
	}
}

func freePorts(n int) ([]int, error) {
	var ports []int
	for i := 0; i < n; i++ {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		defer l.Close()
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports, nil
}

// runAPIServer runs kube-apiserver as its command does (NewAPIServerCommand's RunE), on a
// listener already bound, so no other process can take the port between choosing and binding it.
func runAPIServer(ctx context.Context, listener net.Listener, port int, etcdURL string, pki *PKI) error {
	s := options.NewServerRunOptions()
	fs := pflag.NewFlagSet("kube-apiserver", pflag.ContinueOnError)
	for _, f := range s.Flags().FlagSets {
		fs.AddFlagSet(f)
	}
	err := fs.Parse([]string{
		"--etcd-servers=" + etcdURL,
		"--bind-address=127.0.0.1",
		"--secure-port=" + strconv.Itoa(port),
		"--tls-cert-file=" + pki.ServingCert,
		"--tls-private-key-file=" + pki.ServingKey,
		"--client-ca-file=" + pki.CACert,
		"--token-auth-file=" + pki.TokenFile,
		"--authorization-mode=RBAC",
		"--service-account-issuer=https://kubernetes.default.svc.cluster.local",
		"--service-account-key-file=" + pki.ServiceAccountKey,
		"--service-account-signing-key-file=" + pki.ServiceAccountKey,
		"--service-cluster-ip-range=10.0.0.0/16",
		// No endpoints for the kubernetes Service: its address would be the loopback one, which
		// endpoints may not hold, and nothing here reaches the API through the Service.
		"--endpoint-reconciler-type=none",
	})
	if err != nil {
		return err
	}
	registry := s.GenericServerRunOptions.ComponentGlobalsRegistry
	if err := registry.Set(); err != nil {
		return err
	}
	if err := logsapi.ValidateAndApply(s.Logs, registry.FeatureGateFor(basecompatibility.DefaultKubeComponent)); err != nil {
		return err
	}
	s.SecureServing.Listener = listener
	completed, err := s.Complete(ctx)
	if err != nil {
		return err
	}
	if errs := completed.Validate(); len(errs) != 0 {
		return fmt.Errorf("%v", errs)
	}
	return app.Run(ctx, completed)
}

// waitReady polls /readyz (every post-start hook done, RBAC's bootstrap roles among them).
func waitReady(ctx context.Context, server string, pki *PKI, errs chan error) error {
	admin, err := tls.X509KeyPair(pki.adminCert, pki.adminKey)
	if err != nil {
		return err
	}
	client := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{
		RootCAs: pki.pool, Certificates: []tls.Certificate{admin},
	}}}
	deadline := time.Now().Add(3 * time.Minute)
	for time.Now().Before(deadline) {
		select {
		case err := <-errs:
			return fmt.Errorf("kube-apiserver stopped: %v", err)
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
		resp, err := client.Get(server + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
	}
	return fmt.Errorf("kube-apiserver not ready after 3 minutes")
}

// PKI holds the files the server reads and the credentials the kubeconfig carries.
type PKI struct {
	CACert, ServingCert, ServingKey, ServiceAccountKey, TokenFile string
	caPEM, adminCert, adminKey                                     []byte
	pool                                                           *x509.CertPool
}

// writePKI makes one CA that signs the serving certificate and the admin's client certificate.
func writePKI(dir string) (*PKI, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	caKey, _, err := newKey()
	if err != nil {
		return nil, err
	}
	caTemplate := &x509.Certificate{
		Subject:               pkix.Name{CommonName: "cdk8s-hpa-live-ca"},
		IsCA:                  true,
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature,
		BasicConstraintsValid: true,
	}
	caPEM, ca, err := sign(caTemplate, caKey.Public(), nil, caKey)
	if err != nil {
		return nil, err
	}
	servingKey, servingKeyPEM, err := newKey()
	if err != nil {
		return nil, err
	}
	servingPEM, _, err := sign(&x509.Certificate{
		Subject:     pkix.Name{CommonName: "kube-apiserver"},
		DNSNames:    []string{"localhost", "kubernetes", "kubernetes.default", "kubernetes.default.svc"},
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1"), net.ParseIP("10.0.0.1")},
		KeyUsage:    x509.KeyUsageDigitalSignature | x509.KeyUsageKeyEncipherment,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}, servingKey.Public(), ca, caKey)
	if err != nil {
		return nil, err
	}
	adminKey, adminKeyPEM, err := newKey()
	if err != nil {
		return nil, err
	}
	adminPEM, _, err := sign(&x509.Certificate{
		Subject:     pkix.Name{CommonName: "admin", Organization: []string{"system:masters"}},
		KeyUsage:    x509.KeyUsageDigitalSignature | x509.KeyUsageKeyEncipherment,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth},
	}, adminKey.Public(), ca, caKey)
	if err != nil {
		return nil, err
	}
	_, saKeyPEM, err := newKey()
	if err != nil {
		return nil, err
	}
	p := &PKI{
		CACert:            filepath.Join(dir, "ca.crt"),
		ServingCert:       filepath.Join(dir, "apiserver.crt"),
		ServingKey:        filepath.Join(dir, "apiserver.key"),
		ServiceAccountKey: filepath.Join(dir, "sa.key"),
		TokenFile:         filepath.Join(dir, "tokens.csv"),
		caPEM:             caPEM,
		adminCert:         adminPEM,
		adminKey:          adminKeyPEM,
		pool:              x509.NewCertPool(),
	}
	p.pool.AddCert(ca)
	for path, data := range map[string][]byte{
		p.CACert:            caPEM,
		p.ServingCert:       servingPEM,
		p.ServingKey:        servingKeyPEM,
		p.ServiceAccountKey: saKeyPEM,
		// token,user,uid: the static token file of --token-auth-file.
		p.TokenFile: []byte(viewerToken + ",viewer,viewer-uid\n"),
	} {
		if err := os.WriteFile(path, data, 0o600); err != nil {
			return nil, err
		}
	}
	return p, nil
}

func newKey() (*ecdsa.PrivateKey, []byte, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, err
	}
	der, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		return nil, nil, err
	}
	return key, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: der}), nil
}

// sign issues `template` for `public`, signed by `parent` (self-signed when nil), valid for a day.
func sign(template *x509.Certificate, public crypto.PublicKey, parent *x509.Certificate, key crypto.Signer) ([]byte, *x509.Certificate, error) {
	serial, err := rand.Int(rand.Reader, big.NewInt(1<<62))
	if err != nil {
		return nil, nil, err
	}
	template.SerialNumber = serial
	template.NotBefore = time.Now().Add(-time.Hour)
	template.NotAfter = time.Now().Add(24 * time.Hour)
	if parent == nil {
		parent = template
	}
	der, err := x509.CreateCertificate(rand.Reader, template, parent, public, key)
	if err != nil {
		return nil, nil, err
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, nil, err
	}
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), cert, nil
}

// writeKubeconfig writes the two contexts, credentials inline, as `kubectl config view --raw` shows them.
func writeKubeconfig(path, server string, pki *PKI) error {
	config := clientcmdapi.NewConfig()
	config.Clusters["live"] = &clientcmdapi.Cluster{Server: server, CertificateAuthorityData: pki.caPEM}
	config.AuthInfos["admin"] = &clientcmdapi.AuthInfo{ClientCertificateData: pki.adminCert, ClientKeyData: pki.adminKey}
	// Named unlike the user the token authenticates as: errors must name the server's user.
	config.AuthInfos["viewer-token"] = &clientcmdapi.AuthInfo{Token: viewerToken}
	config.Contexts["admin"] = &clientcmdapi.Context{Cluster: "live", AuthInfo: "admin"}
	config.Contexts["viewer"] = &clientcmdapi.Context{Cluster: "live", AuthInfo: "viewer-token"}
	config.CurrentContext = "admin"
	return clientcmd.WriteToFile(*config, path)
}
