//! Median and ratio arithmetic.

/// The median of `values` (mean of the two middle values for an even count); `None` when
/// empty. NaNs sort last.
pub fn median(values: &[f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    Some(if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    })
}

/// Per-round ratios `times[i] / reference[i]`, for the rounds where both were measured
/// (`None` marks a round without a measurement) and the reference is positive.
pub fn round_ratios(times: &[Option<f64>], reference: &[Option<f64>]) -> Vec<f64> {
    times
        .iter()
        .zip(reference)
        .filter_map(|(t, r)| match (t, r) {
            (Some(t), Some(r)) if *r > 0.0 => Some(t / r),
            _ => None,
        })
        .collect()
}

/// The median of the per-round ratios of `times` to `reference`.
pub fn median_ratio(times: &[Option<f64>], reference: &[Option<f64>]) -> Option<f64> {
    median(&round_ratios(times, reference))
}

/// Megabytes (10^6 bytes) per second for `bytes` processed in `ns` nanoseconds.
pub fn mb_per_s(bytes: usize, ns: f64) -> f64 {
    if ns <= 0.0 {
        return f64::INFINITY;
    }
    bytes as f64 / ns * 1e9 / 1e6
}

/// How many passes over a dataset of `bytes` make one measurement: enough to cover
/// `min_bytes`, at least one.
pub fn passes_for(bytes: usize, min_bytes: usize) -> usize {
    if bytes == 0 {
        return 1;
    }
    min_bytes.div_ceil(bytes).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_odd_even_empty() {
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[3.0]), Some(3.0));
        assert_eq!(median(&[5.0, 1.0, 3.0]), Some(3.0));
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
        assert_eq!(median(&[1.0, 100.0, 2.0, 3.0, 1000.0, 2.5, 2.2]), Some(2.5));
    }

    #[test]
    fn ratios_are_per_round_then_median() {
        let t = [Some(10.0), Some(20.0), Some(30.0)];
        let a = [Some(20.0), Some(20.0), Some(10.0)];
        assert_eq!(round_ratios(&t, &a), vec![0.5, 1.0, 3.0]);
        assert_eq!(median_ratio(&t, &a), Some(1.0));
        // Not the ratio of medians (20 / 20 = 1.0 here too, but differs below).
        let t = [Some(1.0), Some(4.0), Some(9.0)];
        let a = [Some(2.0), Some(2.0), Some(3.0)];
        assert_eq!(median_ratio(&t, &a), Some(2.0));
        assert_eq!(
            median(&[1.0, 4.0, 9.0]).unwrap() / median(&[2.0, 2.0, 3.0]).unwrap(),
            2.0
        );
        let t = [Some(1.0), Some(1.0), Some(9.0)];
        let a = [Some(1.0), Some(4.0), Some(3.0)];
        assert_eq!(median_ratio(&t, &a), Some(1.0));
        assert_eq!(
            median(&[1.0, 1.0, 9.0]).unwrap() / median(&[1.0, 4.0, 3.0]).unwrap(),
            1.0 / 3.0
        );
    }

    #[test]
    fn ratios_skip_missing_rounds() {
        let t = [Some(1.0), None, Some(3.0), Some(8.0)];
        let a = [Some(1.0), Some(1.0), None, Some(2.0)];
        assert_eq!(round_ratios(&t, &a), vec![1.0, 4.0]);
        assert_eq!(median_ratio(&t, &a), Some(2.5));
        assert_eq!(median_ratio(&[None], &[Some(1.0)]), None);
        assert_eq!(median_ratio(&[Some(1.0)], &[Some(0.0)]), None);
    }

    #[test]
    fn throughput_and_passes() {
        assert_eq!(mb_per_s(1_000_000, 1e9), 1.0);
        assert_eq!(mb_per_s(500, 1000.0), 500.0);
        assert_eq!(passes_for(2_000_000, 1 << 20), 1);
        assert_eq!(passes_for(1000, 10_000), 10);
        assert_eq!(passes_for(1001, 10_000), 10);
        assert_eq!(passes_for(999, 10_000), 11);
        assert_eq!(passes_for(0, 10), 1);
    }
}
