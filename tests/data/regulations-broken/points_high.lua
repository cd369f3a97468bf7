return {
	points = { win = 1000 },
}
