//! One xtask task run as a child process beside the others, its output in a log file: how `ci`
//! runs Miri while the other checks build and test.
//!
//! **Why.** Miri interprets on one core a lane, two lanes for some twenty minutes, and the other
//! checks spend much of their time with a core idle: one crate of `shaped` compiling alone, a
//! link, a test binary whose last test runs alone. Run one after the other, the two halves
//! added up to CI's whole time; run side by side, each fills the other's idle core.

use std::fs::{self, File};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Instant;

/// A task started with [`Task::start`]; [`Task::finish`] waits for it, [`Task::stop`] ends it.
pub struct Task {
    name: String,
    child: Child,
    log: PathBuf,
    start: Instant,
}

impl Task {
    /// Starts `cargo xtask <name>` (this program, run again with that argument) in `root`, its
    /// output in `log`.
    pub fn start(root: &Path, name: &str, log: &Path) -> Result<Task, String> {
        if let Some(dir) = log.parent() {
            fs::create_dir_all(dir)
                .map_err(|e| format!("could not create {}: {e}", dir.display()))?;
        }
        let file =
            File::create(log).map_err(|e| format!("could not create {}: {e}", log.display()))?;
        let err = file
            .try_clone()
            .map_err(|e| format!("could not reopen {}: {e}", log.display()))?;
        let exe = std::env::current_exe().map_err(|e| format!("where is xtask itself? {e}"))?;
        println!(
            "\n==> xtask {name}, in the background (its output: {})",
            log.display()
        );
        let child = Command::new(exe)
            .arg(name)
            .current_dir(root)
            .stdout(Stdio::from(file))
            .stderr(Stdio::from(err))
            .spawn()
            .map_err(|e| format!("could not start `xtask {name}`: {e}"))?;
        Ok(Task {
            name: name.to_string(),
            child,
            log: log.to_path_buf(),
            start: Instant::now(),
        })
    }

    /// Waits for the task to end, then shows its log (its commands and their times; a failing
    /// target's output too); an error if it failed.
    pub fn finish(mut self) -> Result<(), String> {
        let status = self
            .child
            .wait()
            .map_err(|e| format!("waiting for `xtask {}`: {e}", self.name))?;
        let output = fs::read_to_string(&self.log).unwrap_or_default();
        println!("\n---- xtask {} (background) ----\n{output}", self.name);
        println!(
            "<== xtask {}, in the background: {:.1} s",
            self.name,
            self.start.elapsed().as_secs_f64()
        );
        if status.success() {
            Ok(())
        } else {
            Err(format!(
                "`xtask {}` failed ({status}); its output is above and in {}",
                self.name,
                self.log.display()
            ))
        }
    }

    /// Ends the task and everything it started (a check before it failed, so its answer is no
    /// longer needed): its processes would otherwise go on interpreting after `ci` returned.
    pub fn stop(mut self) {
        let mut pids = vec![self.child.id()];
        let mut i = 0;
        while i < pids.len() {
            pids.extend(children(pids[i]));
            i += 1;
        }
        // Children first, so none is left without a parent and picked up by init unkilled.
        for pid in pids.iter().rev() {
            let _ = Command::new("kill").arg(pid.to_string()).status();
        }
        let _ = self.child.wait();
        println!("xtask {}: stopped, as a check failed", self.name);
    }
}

/// The processes `pid` started (Linux's `/proc/<pid>/task/<tid>/children`); none elsewhere.
fn children(pid: u32) -> Vec<u32> {
    let Ok(tasks) = fs::read_dir(format!("/proc/{pid}/task")) else {
        return Vec::new();
    };
    tasks
        .flatten()
        .filter_map(|task| fs::read_to_string(task.path().join("children")).ok())
        .flat_map(|list| {
            list.split_whitespace()
                .filter_map(|p| p.parse().ok())
                .collect::<Vec<u32>>()
        })
        .collect()
}
