--[[
api_doc.lua -- the README's "## API reference" against the real API, so that
the list cannot drift from the headers and the module.

  arbiter run tests/cli/api_doc.lua SRCDIR [README]

The public C functions are read from the headers: every ARB_API prototype of
engine/include/arbiter.h (grouped by the header's section banners) and every
prototype of the Lua layer's public headers lua/arbiter_lua.h, lua/profile.h,
lua/variant.h, lua/sandbox.h and any other header cmake/install.cmake installs
(comments, preprocessor lines, attributes, typedefs, struct bodies and inline
bodies skipped; a prototype may span lines; the count of ARB_API tokens must
match the prototypes found). The Lua names come from
the running module: every key of `require "arbiter"`, of its sub-tables
(arbiter.chess960, arbiter.pgn), and of each type's metatable (methods in
__index, metamethods, functions such as Position.new), plus any "arbiter.*"
metatable in the registry that the module does not expose but that has
methods. (Hence `arbiter run`, which preloads the module built from this
tree; it runs on Lua 5.4 and LuaJIT alike.)

README entries are bullet lines "- `NAME...` — what it does", one line each,
inside "## API reference": C names as `arb_x`, Lua names as
`arbiter.f(...)`, `arbiter.chess960.f(...)`, `arbiter.Position.new(...)`,
`Type:method(...)` (the text from "(" on is ignored), and one line per type
"- `Type` metamethods: `__gc`, `__tostring` ...". A C name must sit under the
heading "#### arbiter.h: SECTION" (SECTION: the banner's title without its
parenthesised parts, cut at ':') or "#### lua/NAME.h". Every real name must be
listed exactly once with a description, and every listed name must be real;
each problem is printed, and the script fails if there is any.
]]

local srcdir = arg and arg[1]
if not srcdir then
	error("usage: arbiter run tests/cli/api_doc.lua SRCDIR [README]", 0)
end
local readme_path = arg[2] or (srcdir .. "/README.md")

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

local function trim(s)
	return (s:gsub("^%s+", ""):gsub("%s+$", ""))
end

local function sorted_keys(t)
	local k = {}
	for name in pairs(t) do
		k[#k + 1] = name
	end
	table.sort(k)
	return k
end

---------------------------------------------------------------------------
-- C: prototypes of the public headers
---------------------------------------------------------------------------

-- Top-level declarations of C text, whitespace collapsed: comments and
-- preprocessor lines (with their continuations) removed, `extern "C" {`
-- and its closing brace ignored, struct/enum bodies kept inside their
-- declaration (split only at a ';' outside braces).
local function declarations(text)
	text = text:gsub("/%*.-%*/", " ")
	text = text:gsub("//[^\n]*", " ")
	text = text:gsub("\\\n", " ")
	text = ("\n" .. text):gsub("\n[ \t]*#[^\n]*", "\n")
	text = text:gsub('extern%s+"C"%s*{', " ")
	text = text:gsub("__attribute__%s*%b()", " ")
	local out, buf, depth = {}, {}, 0
	local function emit()
		local d = trim(table.concat(buf):gsub("%s+", " "))
		if d ~= "" then
			out[#out + 1] = d
		end
		buf = {}
	end
	for i = 1, #text do
		local c = text:sub(i, i)
		if c == "{" then
			depth = depth + 1
			buf[#buf + 1] = c
		elseif c == "}" then
			if depth == 0 then -- the end of extern "C"
				buf = {}
			else
				depth = depth - 1
				buf[#buf + 1] = c
				-- A function body (an inline function) ends its
				-- declaration without a ';'.
				if depth == 0 and table.concat(buf):match("^[^{]*%)%s*{") then
					emit()
				end
			end
		elseif c == ";" and depth == 0 then
			emit()
		else
			buf[#buf + 1] = c
		end
	end
	return out
end

-- The function a declaration declares, or nil (a typedef, a variable, a
-- function pointer variable, a struct declaration).
local function function_name(d)
	if d:match("^typedef%f[^%w_]") or d:match("^static%f[^%w_]") then
		return nil
	end
	local name, after = d:match("([%a_][%w_]*)%s*%((.?)")
	if not name or after == "*" then
		return nil
	end
	-- Something before the parenthesis other than a type and the name (an
	-- initializer, a struct body) means it is not a prototype.
	local before = d:sub(1, (d:find(name .. "%s*%(")) - 1)
	if before:find("[={}]") then
		return nil
	end
	return name
end

-- c_names[name] = {header = "engine/include/arbiter.h", section = heading}
local c_names, c_order = {}, {}
local function add_c(name, header, section)
	if c_names[name] then
		problem("%s: declared twice (%s and %s)", name, c_names[name].header, header)
		return
	end
	c_names[name] = {header = header, section = section}
	c_order[#c_order + 1] = name
end

-- arbiter.h, chunk by chunk between its section banners:
--   /* ------------------------------------------------------------------------
--    * Title (may go on
--    * on the next line)
--    * ...
local function banner_title(comment)
	local lines = {}
	for line in comment:gmatch("[^\n]*") do
		lines[#lines + 1] = line
	end
	local title = {}
	for i = 2, #lines do
		local l = lines[i]:gsub("^%s*%*", "")
		if l:match("^%s*$") or l:match("^%s*%-%-%-") then
			break
		end
		title[#title + 1] = trim(l)
	end
	local t = table.concat(title, " ")
	t = t:gsub("%s*%b()", "")
	t = t:gsub(":.*", "")
	return trim(t)
end

local function parse_arbiter_h(path, rel)
	local text = slurp(path)
	local starts = {}
	local pos = 1
	while true do
		local s = text:find("\n/%* %-%-%-%-%-%-%-%-", pos)
		if not s then
			break
		end
		starts[#starts + 1] = s + 1
		pos = s + 1
	end
	local chunks = {{title = "(before the first banner)", text = text:sub(1, (starts[1] or #text + 1) - 1)}}
	for i, s in ipairs(starts) do
		local stop = (starts[i + 1] or #text + 1) - 1
		local comment = text:match("^/%*.-%*/", s) or text:sub(s, s)
		chunks[#chunks + 1] = {title = banner_title(text:sub(s, s + #comment - 1)),
				       text = text:sub(s, stop)}
	end
	local found, tokens = 0, 0
	for _, chunk in ipairs(chunks) do
		for _, d in ipairs(declarations(chunk.text)) do
			local name = function_name(d)
			if name and d:match("^ARB_API%f[^%w_]") then
				add_c(name, rel, "arbiter.h: " .. chunk.title)
				found = found + 1
			elseif name then
				io.stderr:write(string.format("api_doc: warning: %s: declared in %s " ..
					"without ARB_API (not exported; not checked)\n", name, rel))
			end
		end
	end
	-- Cross-check the parser: every ARB_API outside comments and
	-- preprocessor lines begins a prototype it found.
	for _, d in ipairs(declarations(text)) do
		for _ in d:gmatch("%f[%w_]ARB_API%f[^%w_]") do
			tokens = tokens + 1
		end
	end
	if tokens ~= found then
		problem("%s: %d ARB_API declarations but %d prototypes parsed (fix tests/cli/api_doc.lua)",
			rel, tokens, found)
	end
	if found == 0 then
		problem("%s: no ARB_API prototype found", rel)
	end
end

local function parse_lua_h(path, rel)
	local n = 0
	for _, d in ipairs(declarations(slurp(path))) do
		local name = function_name(d)
		if name then
			add_c(name, rel, rel)
			n = n + 1
		end
	end
	if n == 0 then
		problem("%s: no prototype found", rel)
	end
end

-- The Lua layer's public headers: these four, and any other header that
-- cmake/install.cmake installs (install(FILES ... x.h ...), or names in
-- set(ARBITER_LUA_HEADERS ...), the list its install(FILES) takes).
local lua_headers = {"lua/arbiter_lua.h", "lua/profile.h", "lua/variant.h", "lua/sandbox.h"}
do
	local f = io.open(srcdir .. "/cmake/install.cmake", "rb")
	if f then
		local cm = f:read("*a"):gsub("#[^\n]*", "")
		f:close()
		local seen = {}
		for _, h in ipairs(lua_headers) do
			seen[h] = true
		end
		for _, pattern in ipairs({"install%s*%(%s*FILES(.-)%)", "set%s*%(%s*ARBITER_LUA_HEADERS(.-)%)"}) do
			for files in cm:gmatch(pattern) do
				for h in files:gmatch("[%w_/%.%-]+%.h%f[^%w_]") do
					if not seen[h] and h ~= "engine/include/arbiter.h" then
						seen[h] = true
						lua_headers[#lua_headers + 1] = h
					end
				end
			end
		end
	end
end

parse_arbiter_h(srcdir .. "/engine/include/arbiter.h", "engine/include/arbiter.h")
for _, h in ipairs(lua_headers) do
	parse_lua_h(srcdir .. "/" .. h, h)
end

---------------------------------------------------------------------------
-- Lua: the running module
---------------------------------------------------------------------------

local ok, arbiter = pcall(require, "arbiter")
if not ok or type(arbiter) ~= "table" then
	error("module arbiter not available (run this with `arbiter run`): " .. tostring(arbiter), 0)
end

-- lua_names[name] = kind ("function", "field", "method", "metamethod")
local lua_names = {}
local function add_lua(name, kind)
	lua_names[name] = kind
end

local exposed = {} -- metatable -> type name

local function add_type(tname, mt)
	for k, v in pairs(mt) do
		if type(k) ~= "string" then
			problem("arbiter.%s: a key that is not a string (%s)", tname, tostring(k))
		elseif k == "__index" and type(v) == "table" then
			for m, f in pairs(v) do
				add_lua(tname .. (type(f) == "function" and ":" or ".") .. m,
					type(f) == "function" and "method" or "field")
			end
		elseif k == "__name" then
			-- the type's name, set by luaL_newmetatable: not API
		elseif k:sub(1, 2) == "__" then
			add_lua(tname .. "." .. k, "metamethod")
		else
			add_lua("arbiter." .. tname .. "." .. k,
				type(v) == "function" and "function" or "field")
		end
	end
end

local function is_type(v)
	return type(v) == "table" and type(rawget(v, "__index")) == "table"
end

for k, v in pairs(arbiter) do
	local name = "arbiter." .. tostring(k)
	if type(v) == "function" then
		add_lua(name, "function")
	elseif is_type(v) then
		exposed[v] = k
		add_type(k, v)
	elseif type(v) == "table" then
		for f, g in pairs(v) do
			add_lua(name .. "." .. tostring(f), type(g) == "function" and "function" or "field")
		end
	else
		add_lua(name, "field")
	end
end

-- Types whose objects scripts can get without the module exposing the
-- metatable (none today; "arbiter.GameHolder" is internal and has no methods).
if debug and debug.getregistry then
	for k, v in pairs(debug.getregistry()) do
		if type(k) == "string" and k:match("^arbiter%.") and is_type(v) and not exposed[v] then
			add_type(k:sub(#"arbiter." + 1), v)
		end
	end
end

---------------------------------------------------------------------------
-- The README section
---------------------------------------------------------------------------

local readme = slurp(readme_path)
local listed = {}   -- name -> {count, heading, line}
local listed_order = {}
local in_section, heading, found_section = false, nil, false
local lineno = 0
local EM = "\226\128\148" -- U+2014, the em dash

local function list(name, line, is_c)
	local e = listed[name]
	if e then
		e.count = e.count + 1
		e.lines[#e.lines + 1] = line
	else
		listed[name] = {count = 1, heading = heading, lines = {line}, c = is_c}
		listed_order[#listed_order + 1] = name
	end
end

for line in (readme .. "\n"):gmatch("([^\n]*)\n") do
	lineno = lineno + 1
	if line:match("^## ") then
		in_section = (trim(line) == "## API reference")
		found_section = found_section or in_section
		heading = nil
	elseif in_section and line:match("^###+ ") then
		heading = trim((line:gsub("^#+%s*", ""):gsub("`", "")))
	elseif in_section and line:match("^%- `") then
		local span, rest = line:match("^%- `([^`]+)`(.*)$")
		if not span then
			problem("README line %d: an unclosed code span", lineno)
		elseif rest:match("^%s*metamethods") then
			local n = 0
			for mm in rest:gmatch("`(__[%w_]+)`") do
				list(span .. "." .. mm, lineno, false)
				n = n + 1
			end
			if n == 0 then
				problem("README line %d: `%s` metamethods: none named", lineno, span)
			end
		else
			local name = trim(span:gsub("%(.*", ""))
			local is_c = not name:find("[.:]")
			if not name:match("^[%a_][%w_.:]*$") then
				problem("README line %d: `%s` is not a name", lineno, span)
			end
			if not rest:match("^%s*" .. EM .. "%s*%S") then
				problem("README line %d: `%s` needs a description after an em dash", lineno, name)
			end
			list(name, lineno, is_c)
		end
	end
end

if not found_section then
	problem("%s: no \"## API reference\" section", readme_path)
end

---------------------------------------------------------------------------
-- Compare
---------------------------------------------------------------------------

local n_c, n_lua, kinds = 0, 0, {}
for _, name in ipairs(c_order) do
	n_c = n_c + 1
	local e = listed[name]
	if not e then
		problem("missing from README: %s (%s, under \"%s\")", name, c_names[name].header,
			c_names[name].section)
	else
		if e.count > 1 then
			problem("listed %d times in README: %s (lines %s)", e.count, name,
				table.concat(e.lines, ", "))
		end
		local want = c_names[name].section
		if not e.heading or e.heading:sub(1, #want) ~= want then
			problem("README line %d: %s is under \"%s\", but %s declares it under \"%s\"",
				e.lines[1], name, tostring(e.heading), c_names[name].header, want)
		end
	end
end
for _, name in ipairs(sorted_keys(lua_names)) do
	n_lua = n_lua + 1
	kinds[lua_names[name]] = (kinds[lua_names[name]] or 0) + 1
	local e = listed[name]
	if not e then
		problem("missing from README: Lua %s %s", lua_names[name], name)
	elseif e.count > 1 then
		problem("listed %d times in README: %s (lines %s)", e.count, name,
			table.concat(e.lines, ", "))
	end
end
for _, name in ipairs(listed_order) do
	if not c_names[name] and not lua_names[name] then
		problem("README line %d: %s is not in the %s", listed[name].lines[1], name,
			listed[name].c and "public headers" or "module")
	end
end

if #problems > 0 then
	for _, p in ipairs(problems) do
		io.stderr:write("api_doc: ", p, "\n")
	end
	io.stderr:write(string.format("api_doc: %d problem(s) in the README's API reference (%s)\n",
				      #problems, readme_path))
	os.exit(1)
end
print(string.format("api_doc: ok: %d C functions, %d Lua names (%d functions, %d fields, " ..
		    "%d methods, %d metamethods), each listed once", n_c, n_lua,
		    kinds["function"] or 0, kinds.field or 0, kinds.method or 0,
		    kinds.metamethod or 0))
