"""Any derived state a future ruleset might produce prints without error (generic sheet)."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from builder.sheets import SheetOptions, build_sheet, section_keys
from tests.pdf_text import page_texts

names = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1,
                max_size=30)
scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), names)
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=6), st.dictionaries(names, inner, max_size=6)), max_leaves=40)
derived_states = st.fixed_dictionaries(
    {"ruleset": st.just("future-ruleset"), "name": names},
    optional={"ledger": st.lists(st.dictionaries(names, scalars, max_size=4), max_size=40),
              "notes": names}).flatmap(
    lambda base: st.dictionaries(names, values, max_size=8).map(lambda extra: {**extra,
                                                                               **base}))


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(derived=derived_states, blank=st.booleans())
def test_any_derived_state_prints(qapp, tmp_path, derived, blank):
    from builder.render.pdf import render_pdf

    keys = section_keys("future-ruleset", derived)
    # Notes come last of the ruleset's own sections; "who" is every ruleset's.
    assert [k for k in keys if k != "who"][-1] == "notes" and "who" in keys
    sheet = build_sheet(derived, options=SheetOptions(blank=blank))
    out = tmp_path / "fuzz.pdf"
    counts = render_pdf([sheet], out)
    reader = PdfReader(str(out))
    assert counts == [len(reader.pages)] and len(reader.pages) >= 1
    last = page_texts(out)[-1]
    assert f"Page {len(reader.pages)} of {len(reader.pages)}" in " ".join(last.split())
