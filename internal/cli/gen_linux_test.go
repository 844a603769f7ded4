package cli

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// These tests run pdbsolve (this test binary, see envRunMain) as child
// processes sharing one table directory, and catch a child while it writes
// a table: inotify reports the creation of its temporary file and the test
// stops the child (SIGSTOP) before the file is renamed into place. That
// races the write: the report comes after the file is created, and a
// loaded machine may run the write to its end first. So the test makes
// sure the child has stopped, then looks: a file still there stays there;
// a file gone (renamed) lets the child go on to its next one.

// processWait is how long a test waits for a child process to get somewhere.
const processWait = 2 * time.Minute

// tempWatch reports the temporary table files created in a directory.
type tempWatch struct {
	f     *os.File
	names chan string
}

// watchTemps starts reporting the names of the temporary table files
// (NAME.pdb.tmp*) created in dir, until the test ends.
func watchTemps(t *testing.T, dir string) *tempWatch {
	fd, err := syscall.InotifyInit1(syscall.IN_CLOEXEC | syscall.IN_NONBLOCK)
	if err != nil {
		t.Skipf("inotify: %v", err)
	}
	if _, err := syscall.InotifyAddWatch(fd, dir, syscall.IN_CREATE); err != nil {
		syscall.Close(fd)
		t.Fatal(err)
	}
	w := &tempWatch{f: os.NewFile(uintptr(fd), "inotify"), names: make(chan string, 64)}
	t.Cleanup(func() { w.f.Close() })
	go func() {
		buf := make([]byte, 64<<10)
		for {
			n, err := w.f.Read(buf)
			if err != nil {
				close(w.names)
				return
			}
			for off := 0; off+syscall.SizeofInotifyEvent <= n; {
				ev := (*syscall.InotifyEvent)(unsafe.Pointer(&buf[off]))
				name := string(bytes.TrimRight(buf[off+syscall.SizeofInotifyEvent:off+syscall.SizeofInotifyEvent+int(ev.Len)], "\x00"))
				off += syscall.SizeofInotifyEvent + int(ev.Len)
				if strings.Contains(name, ".pdb.tmp") {
					w.names <- filepath.Join(dir, name)
				}
			}
		}
	}()
	return w
}

// catch waits for the next temporary file created in the watched
// directory, stops p (SIGSTOP) at once and, once p has stopped, returns the
// file's name if it still exists (caught before the write ended), after
// sending sig to p (SIGSTOP: p stays stopped; SIGKILL: p dies, the file
// left). A file already renamed lets p go on (SIGCONT) and the next one is
// waited for. It returns "" when p exits without being caught (it wrote
// every table first), for the test to try again.
func (w *tempWatch) catch(t *testing.T, p *os.Process, sig syscall.Signal) string {
	t.Helper()
	timeout := time.After(processWait)
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case name, ok := <-w.names:
			if !ok {
				t.Fatal("inotify stopped")
			}
			p.Signal(syscall.SIGSTOP)
			if !stopped(t, p.Pid) {
				return ""
			}
			if _, err := os.Stat(name); err == nil {
				p.Signal(sig)
				return name
			}
			p.Signal(syscall.SIGCONT)
		case <-tick.C:
			if procState(p.Pid) == 'Z' || procState(p.Pid) == 0 {
				return ""
			}
		case <-timeout:
			t.Fatalf("no temporary table file caught in %v", processWait)
		}
	}
}

// procState returns the state of process pid as /proc/PID/stat gives it
// (R running, S or D sleeping, T stopped, Z exited), 0 when it is gone.
func procState(pid int) byte { return statState("/proc/" + strconv.Itoa(pid) + "/stat") }

// statState returns the state field of a /proc stat file ("PID (COMM)
// STATE ...", COMM any bytes), 0 when it cannot be read.
func statState(file string) byte {
	b, err := os.ReadFile(file)
	i := bytes.LastIndexByte(b, ')')
	if err != nil || i < 0 || i+2 >= len(b) {
		return 0
	}
	return b[i+2]
}

// stopped waits until every thread of process pid, sent SIGSTOP, has
// stopped (true: a thread that was inside a system call, a rename say, has
// finished it), or the process has exited (false).
func stopped(t *testing.T, pid int) bool {
	t.Helper()
	for deadline := time.Now().Add(processWait); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if s := procState(pid); s == 'Z' || s == 'X' || s == 0 {
			return false
		}
		tasks, _ := filepath.Glob("/proc/" + strconv.Itoa(pid) + "/task/*/stat")
		all := len(tasks) > 0
		for _, task := range tasks {
			if s := statState(task); s != 'T' && s != 't' && s != 0 { // 0: a thread that has just exited
				all = false
			}
		}
		if all {
			return true
		}
	}
	t.Fatalf("process %d did not stop in %v", pid, processWait)
	return false
}

// startPdbsolve starts this test binary as pdbsolve with args; its stderr
// goes to the returned buffer, read after wait.
func startPdbsolve(t *testing.T, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), envRunMain+"=1", envRunMain+"_ARGS="+strings.Join(args, " "))
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGCONT)
		cmd.Process.Kill()
		cmd.Wait()
	})
	return cmd, &errb
}

// wait waits for cmd to exit and returns its exit status.
func wait(t *testing.T, cmd *exec.Cmd) int {
	t.Helper()
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(processWait):
		t.Fatalf("%v did not exit in %v", cmd.Args, processWait)
	}
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return ExitSignal + int(ws.Signal())
	}
	return cmd.ProcessState.ExitCode()
}

// Two pdbsolve processes build tables in one directory. Process A is
// interrupted (SIGTERM) while both are writing a table: A's temporary file
// goes, B's stays (it holds its table's lock), and B's tables end up whole
// on disk. Before pdb.Cache.Interrupt, A removed every temporary file
// modified since it started and B lost its table every time.
func TestInterruptKeepsOtherProcessesTables(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: builds 6-tile 15-puzzle tables in two child processes (seconds)")
	}
	dir := t.TempDir()
	w := watchTemps(t, dir)
	a, aErr := startPdbsolve(t, "--tables", dir, "gen", "tiles", "--size", "4x4", "--heuristic", "pdb:1-6/7-12/13-15")
	aTemp := w.catch(t, a.Process, syscall.SIGSTOP)
	b, bErr := startPdbsolve(t, "--tables", dir, "gen", "15puzzle", "--pdb", "663")
	bTemp := w.catch(t, b.Process, syscall.SIGSTOP)
	if aTemp == "" || bTemp == "" {
		t.Fatalf("a gen wrote its tables before a temporary file of it could be caught: A %q, B %q", aTemp, bTemp)
	}

	a.Process.Signal(syscall.SIGTERM)
	a.Process.Signal(syscall.SIGCONT)
	if code := wait(t, a); code != 143 || !strings.Contains(aErr.String(), "interrupted (SIGTERM)") {
		t.Fatalf("A: exit %d, stderr %q", code, aErr.String())
	}
	if _, err := os.Stat(aTemp); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("A's own temporary file %s: %v", aTemp, err)
	}
	if _, err := os.Stat(bTemp); err != nil {
		t.Fatalf("A's interrupt removed B's temporary file: %v", err)
	}
	b.Process.Signal(syscall.SIGCONT)
	if code := wait(t, b); code != 0 || strings.Count(bErr.String(), "; wrote ") != 3 || strings.Contains(bErr.String(), "cannot") {
		t.Fatalf("B: exit %d, stderr %q", code, bErr.String())
	}
	for _, pattern := range []string{"1.2.4.5.8.9", "3.6.7.10.11.15", "12.13.14"} {
		path := filepath.Join(dir, "15puzzle-blank0-"+pattern+"-md.pdb")
		if code, out, errs := run(t, "", "info", path); code != 0 || !strings.Contains(out, "OK, the pinned checksum") {
			t.Fatalf("B's table %s: exit %d, %s %s", path, code, out, errs)
		}
	}
	if temps, _ := filepath.Glob(filepath.Join(dir, "*.tmp*")); len(temps) > 0 {
		t.Fatalf("temporary files left: %q", temps)
	}
}

// A gen rotation killed (SIGKILL) while writing a table leaves its
// temporary file; the next gen rotation removes it (its lock is free: its
// owner is gone) and builds the tables. The tables are small and quickly
// written: a gen that writes both before one is caught is run again, in a
// new directory, up to 10 times.
func TestGenAfterAKilledGen(t *testing.T) {
	var dir, left string
	var killed *exec.Cmd
	for try := 1; left == ""; try++ {
		if try > 10 {
			t.Fatal("10 gen rotation wrote their tables before a temporary file of theirs could be caught")
		}
		dir = t.TempDir()
		w := watchTemps(t, dir)
		killed, _ = startPdbsolve(t, "--tables", dir, "gen", "rotation")
		left = w.catch(t, killed.Process, syscall.SIGKILL)
	}
	if code := wait(t, killed); code != ExitSignal+int(syscall.SIGKILL) {
		t.Fatalf("killed gen: exit %d", code)
	}
	if _, err := os.Stat(left); err != nil {
		t.Fatalf("the killed gen left no temporary file: %v", err)
	}
	code, _, errs := run(t, "", "--tables", dir, "gen", "rotation")
	if code != 0 || !strings.Contains(errs, "removed "+left) {
		t.Fatalf("next gen: exit %d, %q", code, errs)
	}
	if temps, _ := filepath.Glob(filepath.Join(dir, "*.tmp*")); len(temps) > 0 {
		t.Fatalf("temporary files left: %q", temps)
	}
	for _, name := range []string{"rotation-centre8.pdb", "rotation-centre8-paths-v2.pdb"} {
		if code, out, errs := run(t, "", "info", filepath.Join(dir, name)); code != 0 || !strings.Contains(out, "OK, the pinned checksum") {
			t.Fatalf("%s: exit %d, %s %s", name, code, out, errs)
		}
	}
}

// mountTmpfs mounts a tmpfs with the given options on a new directory of
// the test's and unmounts it when the test ends; it skips the test where
// mounting is not allowed (not root, no CAP_SYS_ADMIN).
func mountTmpfs(t *testing.T, options string) string {
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, options); err != nil {
		t.Skipf("mount -t tmpfs -o %s: %v (needs root)", options, err)
	}
	t.Cleanup(func() { syscall.Unmount(dir, 0) })
	return dir
}

// gen -o DIR on a read-only or a full file system is exit 3 naming the
// table's path, says no table is written, and leaves no file behind.
func TestGenIntoAReadOnlyOrFullDirectory(t *testing.T) {
	for _, c := range []struct{ name, options string }{
		{"read-only", "ro,size=1m"},
		{"full", "size=16k"}, // the distance table is about 10 times that
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := mountTmpfs(t, c.options)
			code, _, errs := run(t, "", "gen", "rotation", "-o", dir)
			lines := strings.Split(strings.TrimSpace(errs), "\n")
			last := lines[len(lines)-1]
			if code != ExitTable || !strings.Contains(last, filepath.Join(dir, "rotation-centre8.pdb")) || strings.Contains(errs, "wrote") {
				t.Fatalf("exit %d, %q", code, errs)
			}
			for _, pattern := range []string{"*.pdb", "*.tmp*"} {
				if left, _ := filepath.Glob(filepath.Join(dir, pattern)); len(left) > 0 {
					t.Fatalf("left %q", left)
				}
			}
			t.Logf("exit %d: %s", code, last)
		})
	}
}
