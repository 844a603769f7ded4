package bench

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/progress"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/report"
	"github.com/pdbsolve/pdbsolve/search"
)

// Pipeline is one bench run over boards of type B as a batch (package
// batch, Batch) of one-instance units: the batch's Source reads the
// instances and passes each to Take (a record it cannot read too, with its
// error); each worker, made by NewHandler, solves the instances it is given
// under every heuristic through Session, into its unit's output (a bad
// record's error runs, without a solve), which the batch writes to Out in
// input order; End ends the run after the batch and writes the summary
// line. Its methods are safe for concurrent use.
type Pipeline[B any] struct {
	Session *Session[B]
	Solvers []func() Solver[B] // a factory a heuristic, in the order of Session.Heuristics
	Prior   *record.Prior      // the output resumed, or nil
	Out     *record.Output     // where the runs and the summary line go; nil for nowhere
	Output  string             // the output's file name, for messages
	Tracker *progress.Tracker  // the workers' progress and counts; Session.Tracker too
	Stderr  io.Writer          // notes: records not read, runs failed; written one at a time
	Stop    func() bool        // reports an interrupt: no run starts after it

	mu       sync.Mutex
	bad      int   // records that are not boards
	selected int   // instances selected, as far as read
	read     bool  // the inputs were read to the end
	pastEnd  bool  // an --instances number matched no record
	changed  error // record.ErrOtherInputs, with the instance
	inflight int   // runs written as interrupted

	held []*Item[B]                       // instances of a resumed run read before its last one
	send func(*batch.Unit, *Item[B]) bool // the batch's, for held
}

// New returns the Pipeline of the bench run cfg describes: its Session
// solves cfg's puzzle, goal, heuristics and repeats within its limits, and
// compares the runs in a report built with o; keepRuns keeps every run, for
// Session.Runs. The other fields are the caller's to set.
func New[B any](cfg *record.Config, o report.Options, keepRuns bool) (*Pipeline[B], error) {
	b, err := report.NewBuilder(cfg.Puzzle, cfg.Heuristics, o)
	if err != nil {
		return nil, err
	}
	return &Pipeline[B]{Session: &Session[B]{Puzzle: cfg.Puzzle, Goal: cfg.Goal, Heuristics: cfg.Heuristics, Repeat: cfg.Repeat,
		Limits: search.Limits{MaxNodes: cfg.MaxNodes, Timeout: time.Duration(cfg.TimeoutNS)}, Builder: b, KeepRuns: keepRuns}}, nil
}

// Take counts instance x selected, gives it the runs a resumed output
// holds of it, and sends it to the workers as a unit of its own; it
// reports whether the reading goes on: not when send does not (the batch
// has stopped), nor when x is not the board the resumed output holds under
// its number (End then returns record.ErrOtherInputs). A record that is not a
// board (x.Err) is counted bad and said on Stderr ("FILE:LINE: why"), and
// goes to the workers all the same, in its place: they write its error
// runs without a solve.
func (p *Pipeline[B]) Take(x *Item[B], send func(*batch.Unit, *Item[B]) bool) bool {
	p.mu.Lock()
	p.selected++
	if x.Err != nil {
		p.bad++
		fmt.Fprintf(p.Stderr, "%s: %v\n", x.In.Where, x.Err)
	}
	p.mu.Unlock()
	if p.Prior == nil {
		return sendItem(x, send)
	}
	x.Done = p.Prior.Instance(x.Instance)
	if len(x.Done) > 0 && x.Done[0].Board != x.Board {
		p.mu.Lock()
		p.changed = fmt.Errorf("%s: instance %d is %q, but %q in %s: %w", x.In.Where, x.Instance, x.Board, x.Done[0].Board,
			p.Output, record.ErrOtherInputs)
		p.mu.Unlock()
		return false
	}
	// Nothing runs (and nothing is written) until every instance the
	// resumed output holds has been found the same board.
	p.send = send
	if x.Instance <= p.Prior.LastInstance() {
		p.held = append(p.held, x)
		return true
	}
	return p.flush() && sendItem(x, send)
}

// sendItem sends instance x as a unit of its own.
func sendItem[B any](x *Item[B], send func(*batch.Unit, *Item[B]) bool) bool {
	return send(&batch.Unit{Name: batch.InputName(x.Input), Line: x.Line, Records: 1}, x)
}

// flush sends the instances held back.
func (p *Pipeline[B]) flush() bool {
	held := p.held
	p.held = nil
	for _, x := range held {
		if !sendItem(x, p.send) {
			return false
		}
	}
	return true
}

// Read marks the inputs read to the end; pastEnd says a number of
// --instances matched no record (a bad selection, as a bad record is).
func (p *Pipeline[B]) Read(pastEnd bool) {
	p.flush()
	p.mu.Lock()
	p.read, p.pastEnd = true, pastEnd
	p.mu.Unlock()
}

// Batch returns the batch of the run, on workers workers, whose units
// source sends (Units: each an instance, passed through Take). Each
// instance's runs, in the order of the repeats and heuristics, are its
// unit's output, which the batch writes to Out (Stdout; Stderr is
// Pipeline's) in input order, each instance once it and every instance
// before it are done, so memory holds a bounded number of instances done
// (package batch), and adds to the report (Session.add). On an interrupt
// the instances in flight are written in their place, each with its runs
// done and its run in flight as interrupted (interrupted).
func (p *Pipeline[B]) Batch(workers int, source func(send func(*batch.Unit, *Item[B]) bool) error) batch.Config[*Item[B]] {
	var out io.Writer = io.Discard
	if p.Out != nil {
		out = p.Out
	}
	return batch.Config[*Item[B]]{Stdout: out, Stderr: p.Stderr, Workers: workers, Source: source, NewHandler: p.NewHandler,
		Collect: func(_ *batch.Unit, x **Item[B]) {
			if *x != nil { // nil: a unit that says the input failed
				p.Session.add(*x)
			}
		}, Interrupted: p.interrupted}
}

// NewHandler makes a worker: a Solver of every heuristic, solving each
// instance it is given through Session into its unit's output and saying
// on Stderr which runs failed.
func (p *Pipeline[B]) NewHandler() batch.Handler[*Item[B]] {
	solvers := make([]Solver[B], len(p.Solvers))
	for i, f := range p.Solvers {
		solvers[i] = f()
	}
	worker := p.Tracker.NewWorker().ID()
	return func(u *batch.Unit, x **Item[B]) {
		failed := p.Session.solve(worker, solvers, *x, &u.Out, p.halted)
		p.mu.Lock()
		for _, r := range failed {
			fmt.Fprintf(p.Stderr, "%s: %s: %s\n", (*x).In.Where, r.Heuristic, r.Error)
		}
		p.mu.Unlock()
		p.Tracker.UnitDone()
	}
}

// interrupted writes into u, on an interrupt, the runs of instance x,
// which a worker is solving: those done and the one in flight, as
// interrupted (Session.interrupt; batch.Config.Interrupted).
func (p *Pipeline[B]) interrupted(u *batch.Unit, x *Item[B]) bool {
	n, ok := p.Session.interrupt(x, &u.Out)
	p.mu.Lock()
	p.inflight += n
	p.mu.Unlock()
	return ok
}

// halted reports whether no run is to start: after an interrupt (Stop) or
// a write error on the output, which ends the run at once.
func (p *Pipeline[B]) halted() bool {
	return p.Stop() || p.Out != nil && p.Out.Failed()
}

// End ends the run after its batch, which ended as res (the runs in flight
// at an interrupt written as interrupted: InFlight counts them). It
// finishes the progress report and writes to Out the summary line: the
// counts of the runs of the whole output (Session.Written: exactly the
// run lines written, a resumed output's runs added; complete when every
// instance was read and run) and the report, which it returns.
// When an instance was not the resumed output's it writes nothing (the
// output's last summary stands), closes Out and returns record.ErrOtherInputs.
func (p *Pipeline[B]) End(res batch.Result) (*report.Report, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := p.Out
	if p.changed != nil {
		if out != nil {
			out.Discard() // the file as it was: nothing of this run
		}
		return nil, p.changed
	}
	sum := p.Session.Written() // what the writer wrote, not what the workers finished
	p.Tracker.Finish(&sum)
	rep := p.Session.Builder.Report()
	if out != nil {
		sum.Complete = p.read && !res.Interrupted && res.ReadErr == nil && res.WriteErr == nil
		sum.Instances = p.selected
		if p.Prior != nil {
			sum.Add(&p.Prior.Done)
		}
		out.WriteJSON(struct {
			Summary record.Summary `json:"summary"`
			Report  *report.Report `json:"report"`
		}{sum, rep})
	}
	return rep, nil
}

// InFlight returns the number of runs End recorded as interrupted.
func (p *Pipeline[B]) InFlight() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.inflight
}

// BadInput reports whether a record could not be read or an --instances number
// matched no record.
func (p *Pipeline[B]) BadInput() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.bad > 0 || p.pastEnd
}
