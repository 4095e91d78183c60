# Reference values for __tests__/unit/stats/edges.test.ts, from scipy (independent of the code under
# test). Run: python3 __tests__/unit/stats/edges.reference.py
import math

from scipy import special, stats


def median_interval_l(n, level):
    """Largest l with 1 − 2·P(X ≤ l − 1) ≥ level, X ~ Binomial(n, ½); None when even l = 1 falls short."""
    alpha = 1 - level
    if 2 * stats.binom.cdf(0, n, 0.5) > alpha:
        return None
    l = 1
    while l + 1 <= n // 2 and 2 * stats.binom.cdf(l, n, 0.5) <= alpha:
        l += 1
    return l


def normal_l(n, level):
    z = stats.norm.ppf((1 + level) / 2)
    return max(1, math.floor(n / 2 - z * math.sqrt(n) / 2))


print("median interval: l (1-based), exact and by the normal approximation")
for n, level in [(5, 0.95), (6, 0.95), (7, 0.99), (8, 0.99), (20, 0.95), (1000, 0.9), (1001, 0.95),
                 (1001, 0.99), (10000, 0.95)]:
    print(f"  n={n} level={level}: exact {median_interval_l(n, level)}, normal {normal_l(n, level)}")

print("sequential looks: exact Wilcoxon p of n pairs all of one sign =", {n: 2 / 2**n for n in (8, 9)},
      [stats.wilcoxon([0.3] * n).pvalue for n in (8, 9)])

print("ln Gamma:", special.gammaln(1), special.gammaln(0.5), special.gammaln(10), special.gammaln(0.25))
print("I_x(a, b):", special.betainc(2, 3, 0.5), special.betainc(2, 3, 0.2), special.betainc(0.5, 0.5, 0.3))
print("I_x(a, b) far out:", special.betainc(0.5, 0.5, 1e-6), 2 / math.pi * math.asin(1e-3),
      special.betainc(1, 10, 0.99), 1 - 0.01**10, special.betainc(1, 3, 0.1), 1 - 0.9**3,
      special.betainc(0.5, 3, 1e-6), 1e-3 * (1 + (1 - 1e-6) / 2 + 3 * (1 - 1e-6) ** 2 / 8))
print("t cdf:", stats.t.cdf(2, 3), stats.t.cdf(-2, 3), stats.t.cdf(1.5, 0.5))
print("t quantile:", stats.t.ppf(0.975, 1), stats.t.ppf(0.9, 0.5), stats.t.ppf(0.1, 0.5))
