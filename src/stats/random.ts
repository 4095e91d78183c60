// A small seeded pseudo-random generator. Statistics that resample (the bootstrap) must give the
// same answer for the same input, so a verdict never flips between two runs over the same results.

/** xoshiro128** (Blackman & Vigna, reference implementation v1.1): 128 bits of state, 32-bit output. */
export class SeededRandom {
  private s0: number
  private s1: number
  private s2: number
  private s3: number

  /**
   * A string or number seed is hashed (FNV-1a over its UTF-8 bytes) and expanded with splitmix32
   * into the four state words, so nearby seeds give unrelated streams. A number seeds like its
   * decimal string: `42` and `'42'` give the same stream.
   */
  constructor(seed: string | number) {
    let h = fnv1a(String(seed))
    const words: number[] = []
    for (let i = 0; i < 4; i++) {
      h = (h + 0x9e3779b9) >>> 0
      words.push(splitmix32Mix(h))
    }
    // An all-zero state would only ever produce zeros.
    if ((words[0]! | words[1]! | words[2]! | words[3]!) === 0) words[0] = 1
    this.s0 = words[0]! | 0
    this.s1 = words[1]! | 0
    this.s2 = words[2]! | 0
    this.s3 = words[3]! | 0
  }

  /** A generator with the given raw state words; for checking against the reference outputs. */
  static fromState(state: readonly [number, number, number, number]): SeededRandom {
    const random = new SeededRandom(0)
    random.s0 = state[0] | 0
    random.s1 = state[1] | 0
    random.s2 = state[2] | 0
    random.s3 = state[3] | 0
    return random
  }

  /** The next 32-bit unsigned integer. */
  nextUint32(): number {
    // The state words are kept as signed 32-bit integers, which V8 stores unboxed; only the output
    // is made unsigned.
    const s1 = this.s1
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0
    const t = s1 << 9
    this.s2 ^= this.s0
    this.s3 ^= s1
    this.s1 = s1 ^ this.s2
    this.s0 ^= this.s3
    this.s2 ^= t
    this.s3 = rotl(this.s3, 11)
    return result
  }

  /** Uniform in [0, 1), with 32 bits of resolution. */
  nextFloat(): number {
    return this.nextUint32() / 4294967296
  }

  /**
   * Uniform integer in [0, bound). The product of a 32-bit draw and a bound below 2^21 is exact in
   * a double, and the bias (at most bound / 2^32) is far below what a resample could notice.
   */
  nextInt(bound: number): number {
    return Math.floor((this.nextUint32() * bound) / 4294967296)
  }

  /** Standard normal deviate (Box–Muller; the second deviate of each pair is discarded for simplicity). */
  nextGaussian(): number {
    // (0, 1]: log(0) would be infinite.
    const u1 = (this.nextUint32() + 1) / 4294967296
    const u2 = this.nextFloat()
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2)
  }

  /** Gamma(shape, 1) deviate for shape ≥ 1 (Marsaglia & Tsang 2000): a few draws each, whatever the shape. */
  nextGamma(shape: number): number {
    if (!(shape >= 1)) throw new RangeError(`gamma shape must be at least 1, got ${shape}`)
    const d = shape - 1 / 3
    const c = 1 / Math.sqrt(9 * d)
    for (;;) {
      const x = this.nextGaussian()
      const t = 1 + c * x
      if (t <= 0) continue
      const v = t * t * t
      // (0, 1]: log(0) would be −∞.
      const u = (this.nextUint32() + 1) / 4294967296
      if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v
    }
  }

  /** Beta(a, b) deviate for a, b ≥ 1, as Ga / (Ga + Gb). */
  nextBeta(a: number, b: number): number {
    const x = this.nextGamma(a)
    return x / (x + this.nextGamma(b))
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k))
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

function splitmix32Mix(value: number): number {
  let z = value >>> 0
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0
  return (z ^ (z >>> 16)) >>> 0
}
