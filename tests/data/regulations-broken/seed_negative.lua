return {
	lots = { draw = true, seed = -5 },
}
