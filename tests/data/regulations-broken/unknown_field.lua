return {
	lots = { sead = 3 },
}
