return {
	order = {
		swiss = "BH/C1,XYZ",
	},
}
