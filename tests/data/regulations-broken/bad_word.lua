return { unplayed = { own = "ghost" } }
