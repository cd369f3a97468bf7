return {
	edition = {},
}
