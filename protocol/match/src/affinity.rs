//! fastchess's `-use-affinity [CPUS]`: each worker thread (one per concurrent game) is
//! pinned to a CPU of its own before it starts any engine, so the engines of its games,
//! which inherit the starting thread's CPU mask, run on that CPU (fastchess does the
//! same: both engines of a game take turns on one core). CPUS is a list such as
//! `3,5,7-11,13`; without it, every CPU of the machine. Pinning uses the `core_affinity`
//! crate (`sched_setaffinity` on Linux).

/// Reads a CPU list `3,5,7-11,13` (`None`: not a list of CPU numbers and ranges).
pub fn parse_list(text: &str) -> Option<Vec<usize>> {
    let mut cpus = Vec::new();
    for part in text.split(',') {
        let part = part.trim();
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b): (usize, usize) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
                if a > b || b - a > 4096 {
                    return None;
                }
                cpus.extend(a..=b);
            }
            None => cpus.push(part.parse().ok()?),
        }
    }
    if cpus.len() > 4096 {
        return None;
    }
    cpus.dedup();
    Some(cpus)
}

/// The CPUs to pin `workers` worker threads to: the list given (or every CPU of the
/// machine when it is empty), one each; `Err` says why there are not enough.
pub fn assign(list: &[usize], workers: usize) -> Result<Vec<usize>, String> {
    let cpus: Vec<usize> = if list.is_empty() {
        core_affinity::get_core_ids()
            .unwrap_or_default()
            .into_iter()
            .map(|c| c.id)
            .collect()
    } else {
        list.to_vec()
    };
    if cpus.len() < workers {
        return Err(format!(
            "{} concurrent games need as many CPUs, {} available ({cpus:?})",
            workers,
            cpus.len()
        ));
    }
    Ok(cpus[..workers].to_vec())
}

/// Pins the calling thread to `cpu`; false when the system refused.
pub fn pin_current(cpu: usize) -> bool {
    core_affinity::set_for_current(core_affinity::CoreId { id: cpu })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_lists() {
        assert_eq!(parse_list("3,5,7-9,13"), Some(vec![3, 5, 7, 8, 9, 13]));
        assert_eq!(parse_list("0"), Some(vec![0]));
        assert_eq!(parse_list("a"), None);
        assert_eq!(parse_list("4-2"), None);
        assert_eq!(parse_list("1,,2"), None);
        assert_eq!(parse_list("0-99999999"), None);
        assert_eq!(assign(&[2, 4], 1), Ok(vec![2]));
        assert!(assign(&[2], 2).is_err());
    }
}
