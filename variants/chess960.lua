-- Chess960 (FIDE Laws, Appendix F / Guidelines II): one of the 960 arrays,
-- drawn at random, the same for both sides; the king and rook castle to the
-- g/f or c/d files.
return {
  name = "Chess960",
  pgn_variant = { "Chess960", "Fischerandom", "Fischer Random" },
  start = { random = true },
  castling = "chess960",
}
