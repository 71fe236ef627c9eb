"""Which PDF library `referee import pdf` reads with (not a test: run it on a quiet machine).

    .venv/bin/python benchmarks/pdf_readers.py [--pages 40] [--runs 3]

Writes a two-column rulebook of ``--pages`` pages with fpdf2 (a heading in
bold 14 pt over every few paragraphs of 10 pt text, a running header, a
page number), then times, per page, reading it with each library that is
installed, and says what each one gives:

- pypdf ``extract_text`` (text only: no fonts, no places);
- pdfminer.six ``extract_pages`` (every character with font and box);
- pdfplumber ``extract_words`` with font names and sizes, plus ``find_tables``;
- the whole of ``referee import pdf`` (pdfplumber, layout, writing).

Prints a Markdown table; docs/import.md records the figures.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time

WORDS = ("unit", "charge", "enemy", "test", "model", "weapon", "attack", "turn", "move", "fear", "rank", "flank")


def make_book(path: str, pages: int) -> None:
    from fpdf import FPDF

    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(False)
    rule = 0
    for page in range(pages):
        pdf.add_page()
        pdf.set_font("Helvetica", "", 8)
        pdf.set_xy(20, 8)
        pdf.cell(80, 4, "Benchmark Rules - Core Book")
        pdf.set_xy(100, 285)
        pdf.cell(10, 4, str(page + 1))
        for x in (20, 110):
            y = 20.0
            while y < 260:
                rule += 1
                pdf.set_font("Helvetica", "B", 14)
                pdf.set_xy(x, y)
                pdf.cell(80, 6, f"Rule Number {chr(65 + rule % 26)}{chr(65 + rule // 26 % 26)}")
                y += 9
                pdf.set_font("Helvetica", "", 10)
                for line in range(6):
                    pdf.set_xy(x, y)
                    pdf.cell(80, 4.5, " ".join(WORDS[(rule + line + k) % len(WORDS)] for k in range(8)))
                    y += 5
                y += 4
    pdf.output(path)


def _pypdf(path: str) -> int:
    import pypdf

    return sum(len(p.extract_text() or "") for p in pypdf.PdfReader(path).pages)


def _pdfminer(path: str) -> int:
    from pdfminer.high_level import extract_pages
    from pdfminer.layout import LTChar, LTTextContainer

    count = 0
    for page in extract_pages(path):
        for box in page:
            if isinstance(box, LTTextContainer):
                count += sum(1 for line in box for ch in line if isinstance(ch, LTChar))
    return count


def _pdfplumber(path: str) -> int:
    import pdfplumber

    with pdfplumber.open(path) as pdf:
        return sum(len(p.extract_words(extra_attrs=["fontname", "size"])) + len(p.find_tables()) for p in pdf.pages)


def _referee(path: str) -> int:
    from referee.imports.pdf import read_pdf

    return len(read_pdf(path))


READERS = (
    ("pypdf extract_text", "pypdf", _pypdf, "text only: no font sizes, no positions"),
    ("pdfminer.six extract_pages", "pdfminer", _pdfminer, "characters with font name, size and box"),
    ("pdfplumber words + tables", "pdfplumber", _pdfplumber, "words with font name, size and box; ruled tables"),
    ("referee import pdf (reading)", "pdfplumber", _referee, "headings, columns, pages, tables"),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=40)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "book.pdf")
        make_book(path, args.pages)
        print(f"{args.pages} pages, two columns, {os.path.getsize(path) // 1024} KiB; median of {args.runs} runs\n")
        print("| reader | ms per page | gives |")
        print("| --- | --- | --- |")
        for label, module, read, gives in READERS:
            try:
                __import__(module)
            except ImportError:
                print(f"| {label} | not installed | {gives} |")
                continue
            times = []
            for _ in range(args.runs):
                start = time.perf_counter()
                read(path)
                times.append(time.perf_counter() - start)
            print(f"| {label} | {statistics.median(times) / args.pages * 1000:.1f} | {gives} |")


if __name__ == "__main__":
    main()
