--[[
gen_rules_doc.lua -- the generated parts of docs/rules.md, written from the
program itself so that the document cannot drift from the profiles.

  build/arbiter run scripts/gen_rules_doc.lua [--check] [SRCDIR]

SRCDIR is the source tree (default: the folder above this script's). Every
part of SRCDIR/docs/rules.md between the lines
    <!-- BEGIN GENERATED NAME -->
    <!-- END GENERATED NAME -->
is replaced by what NAME stands for: "profiles" (the shipped profiles and
their descriptions), a topic of `topics` below (one table per group of
parameters: each profile's values and the article of its edition they
model, read with Profile:fields() from the scripts in SRCDIR/profiles),
"options" (what some profile options change), "categories" (the speed
category of sample time controls under each rule set, TimeControl:category)
and "clock" (the change of the main time in one move under each clock mode,
a Clock). Without --check the file is rewritten; with --check (CTest
rules_doc) nothing is written and the script exits 1 when a part is out of
date. Either way it also fails, saying why, when a parameter or article key
of the field table belongs to no topic or to a topic whose key does not
match the article it cites, when a topic has no part in the document, or
when a reason code of SRCDIR/tests/data/scenarios.tsv has no row in the
document's reason-code table.
]]

local arbiter = require "arbiter"

local check = false
local srcdir
for _, a in ipairs(arg) do
	if a == "--check" then
		check = true
	elseif not srcdir then
		srcdir = a
	else
		error("usage: arbiter run scripts/gen_rules_doc.lua [--check] [SRCDIR]", 0)
	end
end
srcdir = srcdir or ((arg[0]:match("^(.*)/[^/]*$") or ".") .. "/..")
local doc_path = srcdir .. "/docs/rules.md"
local profile_dir = srcdir .. "/profiles"

local problems = {}
local function problem(fmt, ...)
	problems[#problems + 1] = string.format(fmt, ...)
end

local function slurp(path)
	local f, msg = io.open(path, "rb")
	if not f then
		error("cannot read " .. tostring(msg), 0)
	end
	local s = f:read("*a")
	f:close()
	return s
end

-- ---- the profiles ---------------------------------------------------------

-- Families of shipped profiles, in the document's order; a family with
-- speeds is one script loaded at each speed (fide2014-blitz).
local families = {
	{ name = "fide1997", speeds = { "standard", "rapid", "blitz" } },
	{ name = "fide2009", speeds = { "standard", "rapid", "blitz" } },
	{ name = "fide2014", speeds = { "standard", "rapid", "blitz" } },
	{ name = "fide2018", speeds = { "standard", "rapid", "blitz" } },
	{ name = "fide2023", speeds = { "standard", "rapid", "blitz" } },
	{ name = "uscf", speeds = { "standard", "blitz" } },
	{ name = "armageddon" },
	{ name = "online" },
}

local loaded = {} -- spec -> { profile = p, value = {field = text}, cite = {field = text} }
local field_order = {} -- the field table's names, in order

local function load(spec)
	if loaded[spec] then
		return loaded[spec]
	end
	local p, msg = arbiter.profile(spec, profile_dir)
	if not p then
		error(spec .. ": " .. tostring(msg), 0)
	end
	local file = p:file()
	if file:sub(1, #profile_dir + 1) ~= profile_dir .. "/" then
		problem("%s: loaded from %s, not from %s", spec, file, profile_dir)
	end
	local entry = { profile = p, value = {}, cite = {} }
	local order = {}
	for _, f in ipairs(p:fields()) do
		entry.value[f.name] = f.value
		entry.cite[f.name] = f.article
		order[#order + 1] = f.name
	end
	if #field_order == 0 then
		field_order = order
	end
	loaded[spec] = entry
	return entry
end

-- Every spec of a family, with its speed.
local function members(family)
	local out = {}
	if family.speeds then
		for _, s in ipairs(family.speeds) do
			out[#out + 1] = { spec = family.name .. "-" .. s, speed = s }
		end
	else
		out[1] = { spec = family.name }
	end
	return out
end

for _, family in ipairs(families) do
	for _, m in ipairs(members(family)) do
		load(m.spec)
	end
end

-- Every script in profiles/ is a family here.
local known = {}
for _, family in ipairs(families) do
	known[family.name] = true
end
for _, s in ipairs(arbiter.profiles(profile_dir)) do
	if s.file:sub(1, #profile_dir + 1) == profile_dir .. "/" and not known[s.name] then
		problem("profiles/%s.lua: a shipped profile that docs/rules.md does not show"
			.. " (add it to `families` in scripts/gen_rules_doc.lua)", s.name)
	end
end

-- ---- topics: the parameters, grouped by the article key they model -------

-- key: the article key of every field of the topic (nil: they model none);
-- also: more article keys shown with them (keys no field has).
local topics = {
	{ id = "endings", also = { "checkmate", "stalemate" } },
	{ id = "threefold", key = "threefold",
		fields = { "draw.threefold", "draw.threefold_count", "draw.threefold_short_s" } },
	{ id = "fivefold", key = "fivefold", fields = { "draw.fivefold", "draw.fivefold_count" } },
	{ id = "fifty", key = "fifty", fields = { "draw.fifty", "draw.fifty_moves" } },
	{ id = "seventyfive", key = "seventyfive",
		fields = { "draw.seventyfive", "draw.seventyfive_moves" } },
	{ id = "dead", key = "dead", fields = { "draw.dead" } },
	{ id = "claim_penalty", key = "claim_penalty",
		fields = { "draw.claim_penalty_s", "draw.claimant_penalty" } },
	{ id = "offer", key = "offer",
		fields = { "draw.claim_is_offer", "draw.offer_min_ply", "draw.offer_repeat_plies" } },
	{ id = "agreement", key = "agreement", fields = { "draw.agreement_min_moves" } },
	{ id = "resign", key = "resign", fields = { "draw.resign_dead_draw" } },
	{ id = "illegal", key = "illegal", fields = { "illegal.mode", "illegal.penalty_s" },
		also = { "completed" } },
	{ id = "illegal_loss", key = "illegal_loss",
		fields = { "illegal.lose_on", "illegal.cannot_mate" } },
	{ id = "promotion", key = "promotion", fields = { "illegal.promotion" } },
	{ id = "press", key = "press", fields = { "illegal.press_without_move" } },
	{ id = "touch_move", key = "touch_move", fields = { "illegal.touch_move" },
		also = { "touch_castle" } },
	{ id = "flag", key = "flag", fields = { "time.flag_test" } },
	{ id = "flag_establish", key = "flag_establish",
		fields = { "time.flag_by", "time.claimant_flag_up" } },
	{ id = "both_flags", key = "both_flags",
		fields = { "time.both_flags", "time.clock", "time.period" } },
	{ id = "default_time", key = "default_time",
		fields = { "time.default_s", "time.default_first_control" } },
	{ id = "both_late", key = "both_late", fields = { "time.both_late" } },
	{ id = "qpf", key = "qpf",
		fields = { "time.qpf", "time.qpf_announced", "time.qpf_on_move", "time.qpf_limit_ms",
			"time.qpf_reject_s", "time.qpf_reject_claimant_s" },
		also = { "qpf_scope", "increment_request" } },
	{ id = "draw_odds", key = "draw_odds",
		fields = { "score.draw", "score.draw_odds_on_time_draw" } },
	{ id = "scoring", key = "scoring", fields = { "score.win", "score.draw_points", "score.loss" } },
	{ id = "castling_960", key = "castling_960", fields = { "chess960" } },
	{ id = "td", also = { "td" } },
	{ id = "speed_bounds",
		fields = { "time.categories", "time.category_count", "time.category_moves",
			"time.category_odds", "time.category_untimed" } },
}

-- Fields no topic shows: the "profiles" part has those that name the
-- profile, and no shipped profile sets time.tc (the option tc= does).
local unshown = { name = true, description = true, edition = true, speed = true,
	supervision = true, ["time.tc"] = true }

-- Every field and article key is in exactly one topic, and every name a
-- topic gives is a field.
do
	local is_field, placed = {}, {}
	for _, name in ipairs(field_order) do
		is_field[name] = true
	end
	local function place(name, topic)
		if not is_field[name] then
			problem("topic %s names %s, which is not a field", topic, name)
		elseif placed[name] then
			problem("%s is in topics %s and %s", name, placed[name], topic)
		end
		placed[name] = topic
	end
	for _, t in ipairs(topics) do
		for _, f in ipairs(t.fields or {}) do
			place(f, t.id)
		end
		if t.key then
			place("articles." .. t.key, t.id)
		end
		for _, k in ipairs(t.also or {}) do
			place("articles." .. k, t.id)
		end
	end
	for _, name in ipairs(field_order) do
		if not placed[name] and not unshown[name] then
			problem("field %s is in no topic of scripts/gen_rules_doc.lua", name)
		end
	end
end

-- A field models its topic's key: its citation is the key's (checked for
-- every profile, so a wrong `key` above cannot go unnoticed).
for _, t in ipairs(topics) do
	for _, family in ipairs(families) do
		for _, m in ipairs(members(family)) do
			local e = loaded[m.spec]
			for _, f in ipairs(t.fields or {}) do
				local want = t.key and e.cite["articles." .. t.key] or nil
				if e.cite[f] ~= want then
					problem("%s: %s cites %s, its topic %s's key cites %s", m.spec, f,
						tostring(e.cite[f]), t.id, tostring(want))
				end
			end
		end
	end
end

-- ---- markdown -------------------------------------------------------------

local function cell(s)
	s = tostring(s)
	return (s:gsub("|", "\\|"))
end

local function code(s)
	if s == nil or s == "" then
		return ""
	end
	return "`" .. cell(s) .. "`"
end

local function table_md(header, rows)
	local out = { "| " .. table.concat(header, " | ") .. " |" }
	local rule = {}
	for i = 1, #header do
		rule[i] = "---"
	end
	out[#out + 1] = "|" .. table.concat(rule, "|") .. "|"
	for _, r in ipairs(rows) do
		out[#out + 1] = "| " .. table.concat(r, " | ") .. " |"
	end
	return table.concat(out, "\n")
end

-- The rows of a per-profile table: `cells(spec)` gives a row's cells after
-- the profile's name. The speeds of a family whose cells are the same
-- share a row ("fide2014" for all of them, "fide2014 standard, rapid").
local function profile_rows(cells)
	local rows = {}
	for _, family in ipairs(families) do
		local groups, by_key = {}, {}
		for _, m in ipairs(members(family)) do
			local c = cells(m.spec)
			local k = table.concat(c, "\1")
			if not by_key[k] then
				by_key[k] = { cells = c, speeds = {} }
				groups[#groups + 1] = by_key[k]
			end
			table.insert(by_key[k].speeds, m.speed)
		end
		for _, g in ipairs(groups) do
			local label = family.name
			if family.speeds and #groups > 1 then
				label = family.name .. " " .. table.concat(g.speeds, ", ")
			end
			local r = { label }
			for _, c in ipairs(g.cells) do
				r[#r + 1] = c
			end
			rows[#rows + 1] = r
		end
	end
	return rows
end

local generators = {}

generators.profiles = function()
	local rows = {}
	for _, family in ipairs(families) do
		for _, m in ipairs(members(family)) do
			local e = loaded[m.spec]
			rows[#rows + 1] = { code(m.spec), cell(e.value.edition), code(e.value.speed),
				code(e.value.supervision), cell(e.profile:description()) }
		end
	end
	return table_md({ "profile", "edition", "speed", "supervision", "what it models" }, rows)
end

for _, t in ipairs(topics) do
	generators[t.id] = function()
		local header = { "profile" }
		for _, f in ipairs(t.fields or {}) do
			header[#header + 1] = code(f)
		end
		local keys = {}
		if t.key then
			keys[1] = t.key
		end
		for _, k in ipairs(t.also or {}) do
			keys[#keys + 1] = k
		end
		for _, k in ipairs(keys) do
			header[#header + 1] = #keys == 1 and "article" or ("article: " .. code(k))
		end
		return table_md(header, profile_rows(function(spec)
			local e = loaded[spec]
			local c = {}
			for _, f in ipairs(t.fields or {}) do
				c[#c + 1] = code(e.value[f] == "" and "(none)" or e.value[f])
			end
			for _, k in ipairs(keys) do
				c[#c + 1] = cell(e.cite["articles." .. k] or "")
			end
			return c
		end))
	end
end

-- Options whose effect the document shows: each spec against the profile
-- without the option.
local variants = {
	{ "fide2009-rapid{supervision=full}", "fide2009-rapid" },
	{ "fide2009-blitz{supervision=full}", "fide2009-blitz" },
	{ "fide2014-rapid{supervision=full}", "fide2014-rapid" },
	{ "fide2014-blitz{supervision=full}", "fide2014-blitz" },
	{ "fide2018-rapid{supervision=full}", "fide2018-rapid" },
	{ "fide2018-blitz{supervision=full}", "fide2018-blitz" },
	{ "fide2023-rapid{supervision=full}", "fide2023-rapid" },
	{ "fide2023-blitz{supervision=full}", "fide2023-blitz" },
	{ "fide1997-standard{period=1of2}", "fide1997-standard" },
	{ "fide1997-standard{period=last}", "fide1997-standard" },
	{ "fide2014-standard{fivefold=any}", "fide2014-standard" },
	{ "fide2014-standard{appendixG=on}", "fide2014-standard" },
	{ "fide2014-standard{clock=digital}", "fide2014-standard" },
	{ "fide2018-standard{guidelinesIII=on}", "fide2018-standard" },
	{ "fide2018-standard{default=1800}", "fide2018-standard" },
	{ "uscf-standard{var14H=on}", "uscf-standard" },
	{ "online{autoThreefold=always}", "online" },
	{ "online{autoThreefold=time}", "online" },
	{ "armageddon{drawOddsOnTimeDraw=false}", "armageddon" },
}

generators.options = function()
	local rows = {}
	for _, v in ipairs(variants) do
		local with, without = load(v[1]), load(v[2])
		local first = true
		for _, name in ipairs(field_order) do
			if not unshown[name] and with.value[name] ~= without.value[name] then
				rows[#rows + 1] = { first and code(v[1]) or "", code(name),
					code(without.value[name]), code(with.value[name]) }
				first = false
			end
		end
		if first then
			problem("option %s changes no value of %s", v[1], v[2])
		end
	end
	return table_md({ "profile", "parameter", "without the option", "with it" }, rows)
end

-- ---- time controls --------------------------------------------------------

local editions = { "fide1997", "fide2009", "fide2014", "fide2018", "fide2023", "uscf", "online" }
local controls = { "180+2", "300", "600", "720", "600+5", "900", "1500+10", "1800", "3600",
	"5400+30", "40/5400+30:1800+30", "5400d5" }

generators.categories = function()
	local rows = {}
	for _, text in ipairs(controls) do
		local tc = assert(arbiter.time_control(text))
		local r = { code(tc:pgn()), cell(tc:text()) }
		for _, e in ipairs(editions) do
			r[#r + 1] = tc:category(e)
		end
		local delay = tc:uscf_default_delay()
		r[#r + 1] = delay > 0 and string.format("%d s", math.floor(delay / 1000)) or "none"
		rows[#rows + 1] = r
	end
	local header = { "control", "in words" }
	for _, e in ipairs(editions) do
		header[#header + 1] = e
	end
	header[#header + 1] = "uscf default delay"
	return table_md(header, rows)
end

-- The change of White's main time over one move that takes `used` seconds,
-- and White's time after `moves` moves of one second each.
local function main_time_change(control, used)
	local c = assert(arbiter.clock(control, "moves"))
	local before = c:remaining("white", 0)
	c:start(0)
	c:press(used * 1000)
	local d = c:remaining("white", used * 1000) - before
	c:close()
	return d
end

local function after_quick_moves(control, moves)
	local c = assert(arbiter.clock(control, "moves"))
	c:start(0)
	local t = 0
	for _ = 1, 2 * moves do
		t = t + 1000
		c:press(t)
	end
	local left = c:remaining("white", t)
	c:close()
	return left
end

local function seconds(ms)
	local s = ms / 1000
	if s == 0 then
		return "0 s"
	end
	if s == math.floor(s) then
		return string.format("%+d s", math.floor(s))
	end
	return string.format("%+.1f s", s)
end

generators.clock = function()
	local rows = {}
	for _, text in ipairs({ "300+5", "300d5", "300b5" }) do
		local tc = assert(arbiter.time_control(text))
		local r = { code(tc:pgn()), cell(tc:text()) }
		for _, used in ipairs({ 3, 5, 8 }) do
			r[#r + 1] = seconds(main_time_change(text, used))
		end
		r[#r + 1] = string.format("%d s", math.floor(after_quick_moves(text, 5) / 1000))
		rows[#rows + 1] = r
	end
	return table_md({ "control", "in words", "a move of 3 s", "of 5 s", "of 8 s",
		"White's time after 5 moves of 1 s" }, rows)
end

-- ---- the document ---------------------------------------------------------

local text = slurp(doc_path)
local out, seen = {}, {}
local open -- the part being replaced
for line in (text .. (text:sub(-1) == "\n" and "" or "\n")):gmatch("([^\n]*)\n") do
	local begin_name = line:match("^<!%-%- BEGIN GENERATED ([%w_]+) %-%->$")
	local end_name = line:match("^<!%-%- END GENERATED ([%w_]+) %-%->$")
	if open then
		if end_name then
			if end_name ~= open then
				problem("docs/rules.md: END GENERATED %s inside part %s", end_name, open)
			end
			out[#out + 1] = line
			open = nil
		end
	elseif begin_name then
		out[#out + 1] = line
		if not generators[begin_name] then
			problem("docs/rules.md: no generator for part %s", begin_name)
		else
			if seen[begin_name] then
				problem("docs/rules.md: part %s appears twice", begin_name)
			end
			seen[begin_name] = true
			out[#out + 1] = generators[begin_name]()
		end
		open = begin_name
	elseif end_name then
		problem("docs/rules.md: END GENERATED %s without its BEGIN", end_name)
	else
		out[#out + 1] = line
	end
end
if open then
	problem("docs/rules.md: part %s has no END GENERATED line", open)
end
for name in pairs(generators) do
	if not seen[name] then
		problem("docs/rules.md: no part %s (<!-- BEGIN GENERATED %s --> ... <!-- END GENERATED %s -->)",
			name, name, name)
	end
end
local new = table.concat(out, "\n") .. "\n"

-- Every reason code of the scenarios has a row "| `code` |" in the
-- document's reason-code table.
do
	local documented = {}
	for c in new:gmatch("\n| `([%w%-]+)` |") do
		documented[c] = true
	end
	local tsv = slurp(srcdir .. "/tests/data/scenarios.tsv")
	local n = 0
	for row in tsv:gmatch("[^\n]+") do
		n = n + 1
		local cols = {}
		for col in (row .. "\t"):gmatch("([^\t]*)\t") do
			cols[#cols + 1] = col
		end
		local reason = n > 1 and cols[6] and cols[6]:match("^([%w%-]+)")
		if reason and reason ~= "refused" and not documented[reason] then
			documented[reason] = true -- once
			problem("reason code %s (scenario %s) has no row in docs/rules.md#reason-codes",
				reason, cols[1])
		end
	end
end

if #problems > 0 then
	for _, p in ipairs(problems) do
		io.stderr:write("gen_rules_doc: ", p, "\n")
	end
	os.exit(1)
end

if check then
	if new ~= text then
		local a, b = {}, {}
		for l in text:gmatch("([^\n]*)\n") do
			a[#a + 1] = l
		end
		for l in new:gmatch("([^\n]*)\n") do
			b[#b + 1] = l
		end
		local i = 1
		while a[i] == b[i] do
			i = i + 1
		end
		io.stderr:write(string.format(
			"gen_rules_doc: docs/rules.md is out of date from line %d:\n  has:  %s\n  want: %s\n"
				.. "run: build/arbiter run scripts/gen_rules_doc.lua\n",
			i, a[i] or "(end of file)", b[i] or "(end of file)"))
		os.exit(1)
	end
	print("gen_rules_doc: docs/rules.md is up to date")
else
	if new ~= text then
		local f = assert(io.open(doc_path, "wb"))
		f:write(new)
		f:close()
		print("gen_rules_doc: wrote " .. doc_path)
	else
		print("gen_rules_doc: docs/rules.md was up to date")
	end
end
