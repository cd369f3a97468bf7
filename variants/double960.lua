-- Double Chess960: White's and Black's arrays drawn independently (921,600
-- pairs), Chess960 castling for each side.
return {
  name = "Double Chess960",
  pgn_variant = "Double Chess960",
  start = { double960 = true },
}
