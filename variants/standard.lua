-- Standard chess: the usual start position, castling to the g/f and c/d
-- files, UCI castling written e1g1 / e1c1.
return {
  name = "Standard",
  pgn_variant = { "Standard" }, -- a game without a Variant tag is standard too
  start = { fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" },
  castling = "chess960",
  notation = "standard",
}
