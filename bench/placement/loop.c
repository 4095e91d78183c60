/* A loop whose accumulator lives on the stack (volatile: every iteration stores and loads it). */
#ifndef ITER
#define ITER 30000000
#endif
int main(void) {
  volatile unsigned long acc = 0;
  for (unsigned long i = 0; i < (unsigned long)ITER; i++) acc += i ^ (acc >> 3);
  return acc == 12345;
}
