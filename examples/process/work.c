/*
 * A small program with a known amount of work, for trying bench-action's process benchmarks.
 *
 *   work hash N    mixes N 64-bit values (CPU only)
 *   work sort N    fills and sorts N integers (CPU and memory: max RSS grows with N)
 *   work start     exits at once (process start-up cost)
 *
 * WORK_SCALE (default 1) multiplies N, so `WORK_SCALE=1.5` makes a run 50% more work:
 * an easy way to watch bench-action catch a regression.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double scale_from_env(void) {
  const char *s = getenv("WORK_SCALE");
  if (s == NULL || *s == '\0') return 1.0;
  char *end = NULL;
  double v = strtod(s, &end);
  if (end == s || *end != '\0' || v <= 0) {
    fprintf(stderr, "work: WORK_SCALE must be a positive number, got \"%s\"\n", s);
    exit(2);
  }
  return v;
}

static uint64_t hash_work(uint64_t n) {
  uint64_t x = 0x9e3779b97f4a7c15ull;
  for (uint64_t i = 0; i < n; i++) {
    /* splitmix64: cheap, and the data dependency keeps the compiler from folding the loop. */
    x += 0x9e3779b97f4a7c15ull;
    uint64_t z = x;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    x ^= z ^ (z >> 31);
  }
  return x;
}

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

static uint64_t sort_work(uint64_t n) {
  uint32_t *v = malloc(n * sizeof *v + 1);
  if (v == NULL) {
    fprintf(stderr, "work: cannot allocate %llu integers\n", (unsigned long long)n);
    exit(1);
  }
  uint32_t s = 2463534242u;
  for (uint64_t i = 0; i < n; i++) {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    v[i] = s;
  }
  qsort(v, n, sizeof *v, cmp_u32);
  uint64_t check = n ? v[n / 2] : 0;
  free(v);
  return check;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: work hash N | work sort N | work start\n");
    return 2;
  }
  if (strcmp(argv[1], "start") == 0) return 0;
  if (argc < 3) {
    fprintf(stderr, "work: %s needs a count\n", argv[1]);
    return 2;
  }
  uint64_t n = (uint64_t)(strtod(argv[2], NULL) * scale_from_env());
  uint64_t result;
  if (strcmp(argv[1], "hash") == 0) result = hash_work(n);
  else if (strcmp(argv[1], "sort") == 0) result = sort_work(n);
  else {
    fprintf(stderr, "work: unknown mode \"%s\"\n", argv[1]);
    return 2;
  }
  /* Printing the result keeps the work observable, so it cannot be optimised away. */
  printf("%llu\n", (unsigned long long)result);
  return 0;
}
