#!/usr/bin/env python3
"""Reference values for the statistics in src/stats, computed with numpy and scipy.

Writes __tests__/fixtures/stats/reference.json; __tests__/stats.test.ts compares our implementation
with it. Run it again (pip install numpy scipy) only to extend the cases; the fixture records the
versions that produced it.

    python3 scripts/stats-reference.py
"""

import json
import math
import platform
import sys
from pathlib import Path

import numpy as np
import scipy
from scipy import stats

OUTPUT = Path(__file__).resolve().parent.parent / "__tests__" / "fixtures" / "stats" / "reference.json"
rng = np.random.default_rng(20240917)


def rounded(values, digits=6):
    return [round(float(v), digits) for v in values]


def lognormal(n, median, sigma):
    return rounded(median * np.exp(sigma * rng.standard_normal(n)))


def integers(n, low, high):
    return [int(v) for v in rng.integers(low, high, n)]


def exact_u_counts(n1, n2):
    """Counts of arrangements by U for distinct values, in Python integers (no rounding at all)."""
    # f[i][j] is the list of counts for sizes (i, j); f(i, j, u) = f(i, j-1, u) + f(i-1, j, u-j).
    f = [[None] * (n2 + 1) for _ in range(n1 + 1)]
    for i in range(n1 + 1):
        for j in range(n2 + 1):
            if i == 0 or j == 0:
                f[i][j] = [1]
                continue
            counts = [0] * (i * j + 1)
            for u, c in enumerate(f[i][j - 1]):
                counts[u] += c
            for u, c in enumerate(f[i - 1][j]):
                counts[u + j] += c
            f[i][j] = counts
    return f[n1][n2]


def exact_two_sided_p(u1, n1, n2):
    """Exact two-sided p with integer arithmetic, to check scipy's floating-point recursion."""
    counts = exact_u_counts(n1, n2)
    u_small = int(min(u1, n1 * n2 - u1))
    tail = sum(counts[: u_small + 1])
    return min(1.0, 2 * tail / math.comb(n1 + n2, n1))


def has_ties(a, b):
    combined = list(a) + list(b)
    return len(set(combined)) != len(combined)


def mann_whitney_case(name, a, b):
    case = {"name": name, "a": a, "b": b, "ties": has_ties(a, b)}
    asymptotic = stats.mannwhitneyu(a, b, alternative="two-sided", method="asymptotic", use_continuity=True)
    case["u"] = float(asymptotic.statistic)
    case["asymptotic"] = float(asymptotic.pvalue)
    if not case["ties"] and len(a) * len(b) <= 2500:
        exact = stats.mannwhitneyu(a, b, alternative="two-sided", method="exact")
        assert float(exact.statistic) == case["u"]
        check = exact_two_sided_p(case["u"], len(a), len(b))
        relative = abs(float(exact.pvalue) - check) / check
        assert relative < 1e-11, f"{name}: scipy exact {exact.pvalue} vs integer {check}"
        case["exact"] = float(exact.pvalue)
    return case


def summary_case(name, samples):
    x = np.asarray(samples, dtype=float)
    case = {
        "name": name,
        "samples": samples,
        "n": len(samples),
        "min": float(np.min(x)),
        "max": float(np.max(x)),
        "mean": float(np.mean(x)),
        "stddev": float(np.std(x, ddof=1)) if len(samples) > 1 else 0.0,
        "median": float(np.median(x)),
        "mad": float(stats.median_abs_deviation(x, scale=1.0)),
    }
    # Linear interpolation between order statistics (numpy's default), as src/stats/summary.ts.
    if len(samples) >= 20:
        case["p95"] = float(np.percentile(x, 95, method="linear"))
    if len(samples) >= 100:
        case["p99"] = float(np.percentile(x, 99, method="linear"))
    return case


def main():
    base_small = lognormal(7, 100.0, 0.05)
    head_small = lognormal(5, 104.0, 0.05)
    separated_a = rounded(np.linspace(1.0, 2.0, 12))
    separated_b = rounded(np.linspace(3.0, 4.0, 10))

    mann_whitney = [
        mann_whitney_case("tiny, hand-checkable", [1.0, 2.0, 3.0], [4.0, 5.0, 6.0]),
        mann_whitney_case("one against one", [2.0], [1.0]),
        mann_whitney_case("small, no ties", base_small, head_small),
        mann_whitney_case("small, interleaved", [1.1, 3.3, 5.5, 7.7], [2.2, 4.4, 6.6, 8.8, 9.9]),
        mann_whitney_case("complete separation 12 vs 10", separated_a, separated_b),
        mann_whitney_case("medium, no ties, shift", lognormal(20, 100.0, 0.03), lognormal(25, 102.0, 0.03)),
        mann_whitney_case("medium, no ties, same", lognormal(30, 50.0, 0.1), lognormal(30, 50.0, 0.1)),
        mann_whitney_case("50 vs 50, no ties, shift", lognormal(50, 1000.0, 0.02), lognormal(50, 1010.0, 0.02)),
        mann_whitney_case("50 vs 49, no ties, large shift", lognormal(50, 1000.0, 0.02), lognormal(49, 1100.0, 0.02)),
        mann_whitney_case("small with ties", [3, 4, 4, 5, 6, 6, 6], [5, 6, 7, 7, 8]),
        mann_whitney_case("integers with many ties", integers(40, 95, 105), integers(35, 97, 107)),
        mann_whitney_case("constant versus constant", [100] * 20, [200] * 20),
        mann_whitney_case("identical samples", [5, 7, 9, 11, 13], [5, 7, 9, 11, 13]),
        mann_whitney_case("large, no ties, shift", lognormal(200, 1000.0, 0.05), lognormal(180, 1030.0, 0.05)),
        mann_whitney_case("large, far apart", lognormal(200, 1000.0, 0.02), lognormal(200, 1500.0, 0.02)),
        mann_whitney_case("large with ties", integers(300, 0, 30), integers(250, 2, 32)),
        mann_whitney_case("unequal, 60 vs 8, no ties", lognormal(60, 10.0, 0.2), lognormal(8, 12.0, 0.2)),
    ]

    summaries = [
        summary_case("single value", [42.0]),
        summary_case("two values", [3.0, 1.0]),
        summary_case("odd, unsorted", [9.0, 1.0, 5.0, 3.0, 7.0]),
        summary_case("constant", [7.0] * 12),
        summary_case("n = 20, skewed", lognormal(20, 100.0, 0.3)),
        summary_case("n = 37", lognormal(37, 5.0, 0.5)),
        summary_case("n = 100", lognormal(100, 1000.0, 0.1)),
        summary_case("n = 257, integers", [float(v) for v in integers(257, 1000, 2000)]),
    ]

    normal_survival = [[z, float(stats.norm.sf(z))] for z in (-3.0, -0.5, 0.0, 0.3, 1.0, 1.959963984540054, 2.5, 3.5, 5.0, 8.0, 12.0, 20.0, 30.0)]

    document = {
        "generator": "scripts/stats-reference.py",
        "versions": {
            "python": platform.python_version(),
            "numpy": np.__version__,
            "scipy": scipy.__version__,
        },
        "definitions": {
            "mannWhitney": "scipy.stats.mannwhitneyu(a, b, alternative='two-sided'); 'exact' with method='exact' "
            "(only for samples without ties), 'asymptotic' with method='asymptotic', use_continuity=True; "
            "'u' is the statistic of a",
            "summary": "median: numpy.median; mad: scipy.stats.median_abs_deviation(scale=1.0); stddev: ddof=1; "
            "p95/p99: numpy.percentile(method='linear'), present when n >= 20 / n >= 100",
            "normalSurvival": "[z, scipy.stats.norm.sf(z)]",
        },
        "normalSurvival": normal_survival,
        "mannWhitney": mann_whitney,
        "summaries": summaries,
    }
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(json.dumps(document, indent=1) + "\n")
    print(f"wrote {OUTPUT} with scipy {scipy.__version__}", file=sys.stderr)


if __name__ == "__main__":
    main()
