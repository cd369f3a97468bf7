return {
	order = { round_robin = "SB/L50" },
}
