-- wrk script for Benchmarks/load.sh: every request is a random line of the file named by LOAD_PATHS.
local paths = {}
for line in io.lines(os.getenv("LOAD_PATHS")) do
  if line ~= "" then paths[#paths + 1] = line end
end

function setup(thread)
  thread:set("seed", math.random(1, 1000000))
end

function init(args)
  math.randomseed(seed)
end

function request()
  return wrk.format("GET", paths[math.random(#paths)])
end
