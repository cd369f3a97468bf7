return {
	on_end = function() end,
}
