//! Large element-wise operations on more than one core (`std`).
//!
//! **Why.** One core cannot move memory as fast as the machine can, and a large element-wise
//! operation does nothing else. Measured on the project's 2-core machine (f32, 4M elements,
//! 16 MiB per buffer, medians): reading both inputs alone takes 1.2 ms, writing the output alone
//! 0.6 ms, and `out = a + b` 1.8 ms, their sum, whatever the loop: SSE2, AVX2, AVX-512,
//! non-temporal stores, software prefetch and huge pages all came within 3% of each other (and so
//! do ndarray and numpy). Split over both cores as below, the same loop took 1.0 ms. PyTorch's
//! TensorIterator splits its loops above a grain size the same way.
//!
//! **How.** The output is cut into chunks of whole rows of about [`CHUNK_BYTES`]. The calling
//! thread and up to [`max_threads`]` - 1` tasks on rayon's pool (the program's own pool: the
//! global one, or the one a caller runs us in with `ThreadPool::install`) take chunks from one
//! shared iterator until none are left, so the caller starts at once and a task that is slow to
//! start only does less. An output is split only when it has at least [`MIN_BYTES_PER_THREAD`]
//! for each thread; measured with this scheme 4M f32 took 0.55x the one-thread time, 1M 0.66x,
//! 512K anywhere from 0.8x to 1.1x.
//!
//! Called from inside a rayon task, the caller's thread works through its own chunks and then
//! helps with whatever is queued while it waits (rayon's scopes do not block a worker), so nested
//! use cannot deadlock (`tests/dynamic_parallel.rs`).
//!
//! Only element functions that may run on several threads at once (`Fn + Sync`) are split: the
//! arithmetic methods (`try_add` ... `try_rem`, `try_add_into`) and the operators. `try_zip_map`
//! takes any `FnMut` and runs on the calling thread. Without the `rayon` feature everything runs
//! on the calling thread: the crate starts no threads of its own.

use core::mem::MaybeUninit;

/// Output bytes each thread must have before an operation is split: 2 MiB (64 bytes under Miri,
/// so that its small test inputs take this path too, on real threads).
pub const MIN_BYTES_PER_THREAD: usize = if cfg!(miri) { 64 } else { 2 << 20 };

/// About how many output bytes one chunk covers: 256 KiB, 64K `f32` (32 bytes under Miri).
pub const CHUNK_BYTES: usize = if cfg!(miri) { 32 } else { 256 << 10 };

/// Multiply-adds each thread must have before a matrix product is split: 2^23, about 0.2 ms of
/// `f32` GEMM here, four times a thread's start (64 under Miri, so its small products split).
pub const MIN_MACS_PER_THREAD: usize = if cfg!(miri) { 64 } else { 1 << 23 };

#[cfg(feature = "std")]
pub use threads::{max_threads, set_max_threads};

/// Runs `job(first_row, chunk)` over `out` cut into chunks of whole rows of `row` elements,
/// covering `out` exactly once; on several threads when `out` is large enough (see the module
/// doc), else as one call `job(0, out)`.
#[inline]
pub(crate) fn for_each_rows<O: Send>(
    out: &mut [MaybeUninit<O>],
    row: usize,
    job: impl Fn(usize, &mut [MaybeUninit<O>]) + Sync,
) {
    #[cfg(feature = "rayon")]
    {
        let bytes = out.len().saturating_mul(core::mem::size_of::<O>());
        if bytes >= 2 * MIN_BYTES_PER_THREAD && row > 0 {
            let threads = max_threads().min(bytes / MIN_BYTES_PER_THREAD);
            let row_bytes = row.saturating_mul(core::mem::size_of::<O>()).max(1);
            let rows_per_chunk = (CHUNK_BYTES / row_bytes).max(1);
            if threads > 1 {
                return threads::share(out, row * rows_per_chunk, threads, |i, chunk| {
                    job(i * rows_per_chunk, chunk)
                });
            }
        }
    }
    let _ = row;
    job(0, out)
}

/// How many threads a matrix product of `rows` rows costing `row_cost` multiply-adds each may
/// use: one per [`MIN_MACS_PER_THREAD`] of work, at most [`max_threads`] and one per row (1
/// without the `rayon` feature).
#[inline]
pub(crate) fn product_threads(rows: usize, row_cost: usize) -> usize {
    #[cfg(feature = "rayon")]
    {
        let work = rows.saturating_mul(row_cost);
        max_threads()
            .min(work / MIN_MACS_PER_THREAD)
            .min(rows)
            .max(1)
    }
    #[cfg(not(feature = "rayon"))]
    {
        let _ = (rows, row_cost);
        1
    }
}

/// Runs `job(first_row, block)` over `out` cut into one block of whole rows (`row` elements
/// each) per thread, when the rows cost at least [`MIN_MACS_PER_THREAD`] per thread at
/// `row_cost` each (a matrix product's rows: one GEMM call per block, so few and large blocks,
/// each packing its operands once); else as one call `job(0, out)`.
#[inline]
pub(crate) fn for_each_row_block<E: Send>(
    out: &mut [E],
    row: usize,
    row_cost: usize,
    job: impl Fn(usize, &mut [E]) + Sync,
) {
    #[cfg(feature = "rayon")]
    if let Some(rows) = out.len().checked_div(row) {
        let threads = product_threads(rows, row_cost);
        if threads > 1 {
            let per = rows.div_ceil(threads);
            return threads::share(out, per * row, threads, |i, block| job(i * per, block));
        }
    }
    let _ = (row, row_cost);
    job(0, out)
}

#[cfg(feature = "std")]
mod threads {
    use core::sync::atomic::{AtomicUsize, Ordering};
    #[cfg(feature = "rayon")]
    use std::sync::{Mutex, PoisonError};

    /// 0 until first asked for or set.
    static MAX_THREADS: AtomicUsize = AtomicUsize::new(0);

    /// How many threads a large dynamic element-wise operation or matrix product may use, the
    /// calling one included. The first call reads the environment variable
    /// `SHAPED_NUM_THREADS` (a positive number) or, without it, takes the size of rayon's pool
    /// (`rayon::current_num_threads`: `RAYON_NUM_THREADS`, or the number of cores). Without the
    /// `rayon` feature every operation runs on the calling thread, whatever this says.
    ///
    /// ```
    /// assert!(shaped::max_threads() >= 1);
    /// ```
    pub fn max_threads() -> usize {
        match MAX_THREADS.load(Ordering::Relaxed) {
            0 => {
                let n = std::env::var("SHAPED_NUM_THREADS")
                    .ok()
                    .and_then(|s| s.trim().parse().ok())
                    .filter(|&n: &usize| n > 0)
                    .unwrap_or_else(pool_size);
                // Keep a value set meanwhile by `set_max_threads`.
                match MAX_THREADS.compare_exchange(0, n, Ordering::Relaxed, Ordering::Relaxed) {
                    Ok(_) => n,
                    Err(set) => set,
                }
            }
            n => n,
        }
    }

    /// The threads there are to split over: rayon's pool, or none but the caller's.
    fn pool_size() -> usize {
        #[cfg(feature = "rayon")]
        {
            rayon_core::current_num_threads()
        }
        #[cfg(not(feature = "rayon"))]
        {
            1
        }
    }

    /// Sets [`max_threads`] for the whole process: `1` runs every operation on the calling
    /// thread (as ndarray and numpy do), `0` goes back to the default. Results are the same
    /// either way; only the time differs.
    ///
    /// ```
    /// use shaped::DynTensor;
    /// shaped::set_max_threads(1);
    /// assert_eq!(shaped::max_threads(), 1);
    /// let a = DynTensor::<f32>::ones(&[1024, 1024, 2]);  // 8 MiB: would be split
    /// assert!(a.try_add(&a)?.iter().all(|&x| x == 2.0));
    /// shaped::set_max_threads(0);
    /// assert!(shaped::max_threads() >= 1);
    /// # Ok::<(), shaped::ShapeError>(())
    /// ```
    pub fn set_max_threads(n: usize) {
        MAX_THREADS.store(n, Ordering::Relaxed);
    }

    /// `job(i, chunk)` for the `i`-th chunk of `len` elements of `out` (the last may be shorter),
    /// each exactly once, on the calling thread and `threads - 1` tasks on rayon's pool taking
    /// chunks in turn. A panic in `job` reaches the caller with its own payload once every task
    /// has stopped.
    #[cfg(feature = "rayon")]
    pub(super) fn share<E: Send>(
        out: &mut [E],
        len: usize,
        threads: usize,
        job: impl Fn(usize, &mut [E]) + Sync,
    ) {
        let helpers = threads.min(out.len().div_ceil(len)).saturating_sub(1);
        let chunks = Mutex::new(out.chunks_mut(len).enumerate());
        let work = || {
            loop {
                // The lock is held only to take the next chunk: nothing in it can panic, so
                // poisoning cannot happen; if it did, the iterator would still be sound to use.
                let next = chunks.lock().unwrap_or_else(PoisonError::into_inner).next();
                match next {
                    Some((i, chunk)) => job(i, chunk),
                    None => break,
                }
            }
        };
        workers(helpers + 1, &work);
    }

    /// Runs `work` on `n` workers: the calling thread and `n - 1` halves handed to rayon with
    /// `join` (which runs one side itself and lets the pool steal the other). Waiting for a
    /// stolen half, a rayon worker runs other queued tasks, so nesting cannot deadlock; a panic
    /// on either side reaches the caller once both have stopped.
    #[cfg(feature = "rayon")]
    fn workers(n: usize, work: &(impl Fn() + Sync)) {
        if n <= 1 {
            return work();
        }
        let half = n / 2;
        rayon_core::join(|| workers(n - half, work), || workers(half, work));
    }

    #[cfg(all(test, feature = "rayon"))]
    mod tests {
        use super::*;
        use core::mem::MaybeUninit;
        use std::vec::Vec;

        fn filled(n: usize, len: usize, threads: usize) -> Vec<usize> {
            let mut out = std::vec![MaybeUninit::new(usize::MAX); n];
            share(&mut out, len, threads, |i, chunk| {
                for (j, o) in chunk.iter_mut().enumerate() {
                    o.write(i * len + j);
                }
            });
            // SAFETY: (test) every slot was initialised above, whatever `share` did.
            out.iter().map(|x| unsafe { x.assume_init() }).collect()
        }

        #[test]
        fn every_slot_is_written_once_in_place() {
            // Small enough for Miri: chunks of 3 over 10 slots on 2 and 3 threads, and more
            // threads than chunks.
            for threads in [2, 3, 8] {
                assert_eq!(filled(10, 3, threads), (0..10).collect::<Vec<_>>());
            }
            assert_eq!(filled(0, 3, 2), Vec::<usize>::new());
        }

        #[test]
        fn a_panic_in_a_chunk_reaches_the_caller_with_its_message() {
            let got = std::panic::catch_unwind(|| {
                let mut out = std::vec![MaybeUninit::new(0u8); 8];
                share(&mut out, 2, 2, |i, _| {
                    if i == 3 {
                        panic!("chunk three");
                    }
                });
            })
            .unwrap_err();
            assert_eq!(got.downcast_ref::<&str>(), Some(&"chunk three"));
        }
    }
}
