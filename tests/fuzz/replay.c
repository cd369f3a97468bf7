/*
 * replay.c -- runs a fuzz target over files without libFuzzer, so that the
 * seed corpus and every crash ever found (tests/fuzz/regressions/) are
 * replayed by `make test` and in the sanitizer build.
 * Usage: replay_TARGET FILE...   (exit 0 when every input passes)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
	static uint8_t buf[1 << 16];
	for (int i = 1; i < argc; i++) {
		FILE *f = fopen(argv[i], "rb");
		if (!f) {
			fprintf(stderr, "replay: cannot open %s\n", argv[i]);
			return 1;
		}
		size_t n = fread(buf, 1, sizeof buf, f);
		fclose(f);
		LLVMFuzzerTestOneInput(buf, n); /* a failing input aborts */
	}
	printf("replay: %d inputs passed\n", argc - 1);
	return 0;
}
