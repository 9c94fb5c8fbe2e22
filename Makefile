# Tabletime: `make play` and `make test` set everything up on a fresh machine.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: play test bench screenshots clean

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --disable-pip-version-check -e '.[test]'
	@touch $(STAMP)

play: $(STAMP)
	$(PY) main.py $(ARGS)

# Bytecode is written even where the environment says not to (PYTHONDONTWRITEBYTECODE): without it
# each pytest worker compiles every test and game module from source again (collection: 13 CPU-s
# instead of 3) and so does every program a test starts.
test: $(STAMP)
	@bash tools/ensure-test-packages.sh
	env -u PYTHONDONTWRITEBYTECODE $(PY) -m pytest -n 2 $(PYTEST_ARGS)

bench: $(STAMP)
	$(PY) tools/bench.py $(ARGS)

screenshots: $(STAMP)
	@mkdir -p out
	for scene in title picker setup settings rules; do \
		$(PY) main.py screenshot $$scene --out out/$$scene.png || exit 1; done

clean:
	rm -rf $(VENV) out .pytest_cache
