-- a half-point bye written as a word
return {
	points = {
		half_bye = "half",
	},
}
