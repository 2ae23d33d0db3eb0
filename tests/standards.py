"""Every PDF named on the command line through an independent validator: `page`
(PyPI page-validation, a Rust PDF/UA-1 and PDF/A checker whose rules follow veraPDF's),
for PDF/UA-1 and PDF/A-2a. Prints one line per file, and fails when any rule fails.

    python tests/standards.py FILE.pdf ...     (tests/standards.sh installs `page`)
"""

import sys

import page

PROFILES = [("ua1", "PDF/UA-1"), ("2a", "PDF/A-2a")]


def main(paths):
    failed = False
    print(f"{'document':48} " + " ".join(f"{name:>14}" for _, name in PROFILES))
    for path in paths:
        cells = []
        problems = []
        for profile, name in PROFILES:
            report = page.validate_pdf(path, profile=profile)
            cells.append(f"{report.rules.failed:>3}/{report.rules.total:<3} failed")
            for f in report.failures:
                problems.append(f"  {name} {f.rule_id}: {f.message}")
            failed = failed or report.rules.failed > 0 or not report.is_compliant
        print(f"{path.split('/')[-1]:48} " + " ".join(f"{c:>14}" for c in cells))
        for p in sorted(set(problems)):
            print(p)
    print(f"page-validation {page.__version__}: {len(paths)} documents")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
