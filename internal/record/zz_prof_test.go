package record

import (
	"os"
	"testing"
	"time"
)

func TestZZProf(t *testing.T) {
	path := os.Getenv("ZZ_PRIOR")
	if path == "" {
		t.Skip()
	}
	sc := NewScanner(nil, "")
	_ = sc
	f, _ := os.Open(path)
	s := NewScanner(f, path)
	s.Scan()
	f.Close()
	cfg := *s.Header().Config
	for i := 0; i < 3; i++ {
		t0 := time.Now()
		p, err := ReadPrior(path, &cfg)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%v size %d done %+v", time.Since(t0), p.Size, p.Done)
	}
}
