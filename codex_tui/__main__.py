import sys

from codex_tui.cli import main

sys.exit(main())
