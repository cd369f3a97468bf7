return {
	byes = { max_half = -2 },
}
