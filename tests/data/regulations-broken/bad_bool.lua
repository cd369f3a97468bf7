return {
	lots = { draw = "maybe" },
}
