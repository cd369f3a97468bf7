-- No-castling chess: the standard array without any castling right.
return {
  name = "No castling",
  pgn_variant = "No castling",
  start = { chess960 = 518 },
  castling = "none",
  notation = "standard",
}
