return {
	points = { draw = 0.25 },
}
