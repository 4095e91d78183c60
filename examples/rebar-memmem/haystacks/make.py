"""Writes haystacks/detective.txt: about 256 KiB of English-like text with exactly 91 occurrences of
"Sherlock Holmes", some near misses ("Sherlock", "Holmes", "sherlock holmes") and curly quotes, so
the search meets multi-byte UTF-8. Deterministic: the same file on every run.

    python3 haystacks/make.py
"""
import pathlib
import random

WORDS = (
    "the of and a to in he was that it his her with as had for she you at on by my which "
    "said but be not from have there all one so were this an would what been they no when "
    "street door window letter morning evening case client watson baker inspector lestrade "
    "matter singular remarkable observe deduce lamp fog cab hansom violin pipe tobacco").split()
NEEDLE = "Sherlock Holmes"
MATCHES = 91
TARGET_BYTES = 256 * 1024

random.seed(1661)
chunks = []
placed = 0
size = 0
while size < TARGET_BYTES or placed < MATCHES:
    words = [random.choice(WORDS) for _ in range(random.randint(6, 18))]
    roll = random.random()
    if placed < MATCHES and roll < 0.06:
        words.insert(random.randrange(len(words)), NEEDLE)
        placed += 1
    elif roll < 0.09:
        words.insert(random.randrange(len(words)), random.choice(["Sherlock", "Holmes", "sherlock holmes"]))
    sentence = " ".join(words)
    sentence = sentence[0].upper() + sentence[1:] + random.choice([".", ".", "?", "!"])
    if random.random() < 0.1:
        sentence = "\u201c" + sentence + "\u201d"
    chunks.append(sentence)
    size += len(sentence.encode()) + 1
text = "\ufeff" + "\n".join(" ".join(chunks[i : i + 5]) for i in range(0, len(chunks), 5)) + "\n"
assert text.count(NEEDLE) == MATCHES, text.count(NEEDLE)
pathlib.Path(__file__).with_name("detective.txt").write_text(text, encoding="utf-8")
