package storage

// Clients read a result right after it is finished (a wait returns, a
// poller sees the job done), so each stripe keeps the last few small
// results it finished in memory: reading them back needs neither Pebble
// nor decoding. Large outputs are not kept, so the cache stays within
// about stripes × recentPerStripe × recentMaxBytes (4 MiB) whatever the
// workload.
const (
	recentPerStripe = 32
	recentMaxBytes  = 2 << 10
)

// recentRing is a stripe's cache of recently finished jobs, oldest
// evicted first. Its methods are called with the stripe's lock held.
type recentRing struct {
	jobs  map[string]*Job
	order [recentPerStripe]string
	next  int
}

// add remembers j if it is small enough.
func (r *recentRing) add(j *Job) {
	if recordSize(j) > recentMaxBytes {
		return
	}
	if r.jobs == nil {
		r.jobs = make(map[string]*Job, recentPerStripe)
	}
	if old := r.order[r.next]; old != "" {
		delete(r.jobs, old)
	}
	r.order[r.next] = j.ID
	r.next = (r.next + 1) % recentPerStripe
	r.jobs[j.ID] = j
}

// get returns a copy of the cached job, so callers may change it.
func (r *recentRing) get(id string) (*Job, bool) {
	j, ok := r.jobs[id]
	if !ok {
		return nil, false
	}
	c := *j
	return &c, true
}

// forget drops id (its record changed or was deleted); its slot in order
// is left to be reused, a later add of the same id is harmless.
func (r *recentRing) forget(id string) { delete(r.jobs, id) }

// recordSize is the bytes a job's results hold.
func recordSize(j *Job) int {
	n := 0
	if j.Result != nil {
		n += len(j.Result.Output) + len(j.Result.Error)
	}
	for _, c := range j.Intermediate {
		n += len(c.Output) + len(c.Error)
	}
	return n
}
