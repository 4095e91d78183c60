/* A loop that stores into a static table and keeps its sum on the stack: stack and data addresses meet
 * in the store buffer, where their alignment relative to each other can cost (4K aliasing). */
#ifndef ITER
#define ITER 20000000
#endif
static volatile unsigned long table[1024];
int main(void) {
  volatile unsigned long acc = 0;
  for (unsigned long i = 0; i < (unsigned long)ITER; i++) {
    acc += table[i & 7];
    table[(i + 1) & 7] = acc;
  }
  return acc == 12345;
}
