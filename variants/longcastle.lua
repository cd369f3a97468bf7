-- Long castling: the standard array; castling kingside as usual (king to
-- g1, rook to f1), queenside the king goes one file further, to b1, and the
-- rook to c1 (Black the same on the 8th rank). Needs b1, c1, d1 empty and
-- e1, d1, c1, b1 not attacked.
return {
  name = "Long castling",
  pgn_variant = "Long castling",
  start = { chess960 = 518 },
  castling = {
    kingside = { king_to = "g1", rook_to = "f1" },
    queenside = { king_to = "b1", rook_to = "c1" },
  },
  -- Chess960 notation: UCI writes castling king onto rook (e1a1), which no
  -- engine misreads as the ordinary king move e1b1 would be.
  notation = "chess960",
}
