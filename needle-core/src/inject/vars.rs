//! The variables of a template's context (templates/README.md lists them), each in a slot of
//! its own. The `sidecar` template asks its context for a name about 80 times a render, and
//! more than half of those are function names, which no slot has (the render context answers
//! them from its own short list of functions): a match on the name answers either way at
//! once, where the search of two ordered maps of names took about 330 instructions.

use minijinja::Value as MjValue;

macro_rules! vars {
    ($($var:ident = $name:literal,)*) => {
        /// One variable of a template's context.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum Var { $($var,)* }

        impl Var {
            /// Every variable, in the order a context enumerates them.
            pub const ALL: &[Var] = &[$(Var::$var,)*];

            /// The name templates read it by.
            pub fn name(self) -> &'static str {
                match self { $(Var::$var => $name,)* }
            }

            /// The variable of that name, if it is one.
            pub fn named(name: &str) -> Option<Var> {
                match name { $($name => Some(Var::$var),)* _ => None }
            }
        }
    };
}

vars! {
    Pod = "pod",
    Annotations = "annotations",
    Owner = "owner",
    Deployment = "deployment",
    Revision = "revision",
    NativeSidecars = "native_sidecars",
    ProxyUid = "proxy_uid",
    ProxyGid = "proxy_gid",
    InboundTrafficPolicyMode = "inbound_traffic_policy_mode",
    CompliancePolicy = "compliance_policy",
    Now = "now",
    OtelResourceAttributes = "otel_resource_attributes",
    LightstepCaDirectory = "lightstep_ca_directory",
    AppContainers = "app_containers",
    PodPortsJson = "pod_ports_json",
    ProxyConfig = "proxy_config",
    ProxyConfigJson = "proxy_config_json",
    ProxyImage = "proxy_image",
    ProxyInitImage = "proxy_init_image",
    ProxyResources = "proxy_resources",
    Values = "values",
    Mesh = "mesh",
    Environment = "environment",
    GoValues = "go_values",
    Release = "release",
}

/// Some of the variables, with their values.
#[derive(Debug, Clone)]
pub struct Vars {
    slots: [Option<MjValue>; Var::ALL.len()],
}

impl Default for Vars {
    fn default() -> Self {
        Vars {
            slots: std::array::from_fn(|_| None),
        }
    }
}

impl Vars {
    pub fn get(&self, var: Var) -> Option<&MjValue> {
        self.slots[var as usize].as_ref()
    }

    pub fn set(&mut self, var: Var, value: MjValue) {
        self.slots[var as usize] = Some(value);
    }

    /// The variables held, in `Var::ALL`'s order.
    pub fn held(&self) -> impl Iterator<Item = Var> + '_ {
        Var::ALL.iter().copied().filter(|v| self.get(*v).is_some())
    }
}

/// The value of a variable that must be held.
impl std::ops::Index<Var> for Vars {
    type Output = MjValue;

    fn index(&self, var: Var) -> &MjValue {
        self.get(var)
            .unwrap_or_else(|| panic!("no {} among the variables", var.name()))
    }
}

impl<const N: usize> From<[(Var, MjValue); N]> for Vars {
    fn from(pairs: [(Var, MjValue); N]) -> Self {
        let mut vars = Vars::default();
        for (var, value) in pairs {
            vars.set(var, value);
        }
        vars
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variable_is_found_by_its_name_and_nothing_else_is() {
        for (i, var) in Var::ALL.iter().enumerate() {
            assert_eq!(*var as usize, i);
            assert_eq!(Var::named(var.name()), Some(*var));
        }
        for other in [
            "",
            "annotation",
            "Pod",
            "pod ",
            "go_string",
            "values.global",
        ] {
            assert_eq!(Var::named(other), None, "{other:?}");
        }
    }

    #[test]
    fn a_slot_holds_what_was_set_last() {
        let mut vars = Vars::from([(Var::Revision, MjValue::from("a"))]);
        vars.set(Var::Revision, MjValue::from("b"));
        assert_eq!(vars.get(Var::Revision), Some(&MjValue::from("b")));
        assert_eq!(vars.get(Var::Pod), None);
        assert_eq!(vars.held().collect::<Vec<_>>(), [Var::Revision]);
    }
}
