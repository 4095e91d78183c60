/* The stack loop as a harness benchmark (runners/c): in-process samples, many calls per sample. */
#include <stdint.h>
#include "bench_action.h"
#ifndef ITER
#define ITER 100000
#endif
static uint64_t bench_loop(void *input) {
  volatile uint64_t acc = 0;
  (void)input;
  for (uint64_t i = 0; i < (uint64_t)bench_action_black_box(ITER); i++) acc += i ^ (acc >> 3);
  return acc;
}
BENCH_ACTION_MAIN(BENCH_ACTION("loop", NULL, bench_loop, NULL))
